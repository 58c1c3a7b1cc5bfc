import { matching } from '../arguments.ts';
import type { Command } from '../command.ts';

/** A form type as EDGAR writes it: upper case, with `/A`, a space (`RW WD`, `S-8 POS`) or digits. */
const FORM_TYPE = /^[0-9A-Z][0-9A-Z-]*(?:[/ ][0-9A-Z-]+)*$/;

export const extractCommand: Command = {
  name: 'extract',
  summary: 'Print the offering terms extracted from one prospectus (html, htm or txt; .gz accepted) as JSON.',
  args: ['FILE'],
  details: `Reads S-1, S-1/A, F-1, F-1/A, S-11, 424B1, 424B3 and 424B4 documents, including full-submission
.txt files. Every value carries its provenance (the sentence or table row it came from); what cannot
be read is null. The read is bounded (READ_BUDGET in projector/extract/read-budget.ts): \`limits\` names
the budgets that cut it short, and \`unreadable\` says why a binary file was not read at all.`,
  options: { form: { type: 'string', description: 'Form type when the file does not say it (e.g. 424B4).' } },
  async run({ positionals, values }, io) {
    const formType = matching(values, 'form', FORM_TYPE, 'a form type as EDGAR writes it, e.g. S-1, S-1/A or 424B4', false);
    const { runExtract, ExtractCliError } = await import('../extract-cli.ts');
    try {
      await runExtract(positionals[0], io.out, { formType });
      return 0;
    } catch (error) {
      if (error instanceof ExtractCliError) {
        io.err.write(`ipo extract: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
};

export const scoreCommand: Command = {
  name: 'score',
  summary: 'Score the terms extractor against the hand labels of the bundled prospectuses (per-field accuracy).',
  async run(_input, io) {
    const { runScore } = await import('../extract-cli.ts');
    const accuracy = runScore(io.out);
    return accuracy >= 0 ? 0 : 1;
  },
};
