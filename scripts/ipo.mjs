#!/usr/bin/env node
// The `ipo` command. The code is TypeScript run through tsx, so a clone needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli.ts');
process.exitCode = await main(process.argv.slice(2));
