#!/usr/bin/env node
// The `ipo` command's entry: compiled to dist/scripts/ipo.js (which scripts/ipo.mjs starts), or run
// from the sources in the dev loop with `npm run dev -- COMMAND` (tsx).
import { main } from './cli.ts';

const code = await main(process.argv.slice(2));
// A command that failed has said why; whatever it left open (a Redis client that reconnects, a
// timer) must not keep the process alive. A command that succeeded ends when its work is done.
if (code !== 0) process.exit(code);
process.exitCode = code;
