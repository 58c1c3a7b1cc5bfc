#!/usr/bin/env node
// The `ipo` command's entry: compiled to dist/scripts/ipo.js (which scripts/ipo.mjs starts), or run
// from the sources in the dev loop with `npm run dev -- COMMAND` (tsx).
import { main } from './cli.ts';

process.exitCode = await main(process.argv.slice(2));
