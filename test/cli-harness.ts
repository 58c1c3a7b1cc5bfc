import { PassThrough } from 'node:stream';
import { main } from '../scripts/cli.ts';

/** Runs the `ipo` command line in-process against `dataDir`, capturing its exit code and output. */
export async function runIpo(dataDir: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return runIpoWithEnv({ DATA_DIR: dataDir }, ...argv);
}

/** `runIpo` with a whole environment (e.g. DATA_DIR plus REDIS_URL). */
export async function runIpoWithEnv(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let o = '';
  let e = '';
  out.on('data', (c: Buffer) => (o += c.toString()));
  err.on('data', (c: Buffer) => (e += c.toString()));
  const code = await main(argv, { out, err, env });
  return { code, out: o, err: e };
}
