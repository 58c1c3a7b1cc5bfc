import { describeSettings, loadConfig, type SettingReport } from '../../schema/config.ts';
import type { Command } from '../command.ts';

function settingsText(settings: SettingReport[]): string {
  const width = Math.max(...settings.map((s) => s.name.length)) + 2;
  const rows = settings.map((s) => `${s.name.padEnd(width)}${s.source.padEnd(9)}${s.value === '' ? '(unset)' : s.value}`);
  return `${'SETTING'.padEnd(width)}${'SOURCE'.padEnd(9)}VALUE\n${rows.join('\n')}\n`;
}

export const configCommand: Command = {
  name: 'config',
  summary: 'Print every setting, its value and where it came from (env or default), secrets masked; then check them all.',
  details: `
Reads the settings from the environment as every other command does (the table is in the README's
Configuration section). Secrets (CURSOR_SECRET, NEWS_API_KEY) print as ****, and so do the
credentials of a URL (redis://user:****@host) and key/token/secret query parameters. A malformed
setting is reported after the table, one line each on stderr, with exit code 2; 0 when all are valid.`,
  options: { json: { type: 'boolean', description: 'Print a JSON array of {name, value, source} instead of text.' } },
  async run({ values }, io) {
    const settings = describeSettings(io.env);
    io.out.write(values.json ? `${JSON.stringify(settings, null, 2)}\n` : settingsText(settings));
    loadConfig(io.env); // throws the ConfigError that `ipo` prints one line per problem
    return 0;
  },
};
