import { createApiKeyStore } from '../../api/index.ts';
import { loadConfig } from '../../schema/config.ts';
import { openOpsDb } from '../../schema/databases.ts';
import { requiredText } from '../arguments.ts';
import type { Command, Io } from '../command.ts';

async function withKeys<T>(io: Io, use: (store: ReturnType<typeof createApiKeyStore>) => Promise<T>): Promise<T> {
  const ops = await openOpsDb(loadConfig(io.env).dataDir);
  try {
    return await use(createApiKeyStore(ops));
  } finally {
    await ops.close();
  }
}

export const keysCreateCommand: Command = {
  name: 'keys create',
  summary: 'Create an API key and print it (only the key, once; it is stored hashed).',
  options: { name: { type: 'string', description: 'A label for the key (required), e.g. the client it is for.' } },
  async run({ values }, io) {
    const name = requiredText(values, 'name', 'a label for the key, e.g. the client it is for');
    const created = await withKeys(io, (store) => store.create(name));
    io.out.write(`${created.key}\n`);
    return 0;
  },
};

export const keysListCommand: Command = {
  name: 'keys list',
  summary: 'List API keys: id, name, prefix, created and revoked times (never the keys).',
  async run(_input, io) {
    const keys = await withKeys(io, (store) => store.list());
    io.out.write('id\tname\tprefix\tcreated_at\trevoked_at\tlast_used_at\n');
    for (const k of keys) io.out.write(`${k.id}\t${k.name}\t${k.prefix}…${k.last4}\t${k.createdAt}\t${k.revokedAt ?? '-'}\t${k.lastUsedAt ?? '-'}\n`);
    return 0;
  },
};

export const keysRevokeCommand: Command = {
  name: 'keys revoke',
  summary: 'Revoke an API key by id (or lookup prefix); a running API refuses it from its next request.',
  args: ['ID'],
  async run({ positionals }, io) {
    const revoked = await withKeys(io, (store) => store.revoke(positionals[0]));
    if (!revoked) {
      io.err.write(`ipo keys revoke: no live key with id or prefix "${positionals[0]}"\n`);
      return 1;
    }
    io.out.write(`revoked ${positionals[0]}\n`);
    return 0;
  },
};
