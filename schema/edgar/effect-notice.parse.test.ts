import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EffectNoticeParseError, parseEffectNotice } from './effect-notice.parse.ts';

const notice = (name: string) => readFileSync(join(import.meta.dirname, '../../data/sample/edgar/notices', name));

describe('parseEffectNotice on real EFFECT notices', () => {
  it('reads an S-1 notice with its time of effectiveness', () => {
    expect(parseEffectNotice(notice('EFFECT_S-1_10x-capital-venture-acquisition-corp-iii_2022-01-11.xml'))).toEqual({
      submissionType: 'EFFECT',
      act: '33',
      effectiveDate: '2022-01-11',
      effectiveTime: '16:00:00',
      form: 'S-1',
      accessionNumber: null,
      filers: [{ cik: '0001848948', entityName: '10X Capital Venture Acquisition Corp. III', fileNumber: '333-253868' }],
    });
  });

  it('reads a POS AM notice with the accession it makes effective, keeping CIK zeros', () => {
    expect(parseEffectNotice(notice('EFFECT_POS-AM_1st-franklin-financial_2022-11-22.xml'))).toEqual({
      submissionType: 'EFFECT',
      act: '33',
      effectiveDate: '2022-11-22',
      effectiveTime: null,
      form: 'POS AM',
      accessionNumber: '0000038723-22-000117',
      filers: [{ cik: '0000038723', entityName: '1st FRANKLIN FINANCIAL CORP', fileNumber: '333-237642' }],
    });
  });

  it('rejects a document that is not an EFFECT notice (the real ATS-N-W withdrawal)', () => {
    expect(() => parseEffectNotice(notice('ATS-N-W_0000019617-24-000664_jpmorgan.txt'))).toThrow(EffectNoticeParseError);
  });
});
