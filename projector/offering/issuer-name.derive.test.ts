/** The issuer's name at an offering from the real submissions pages of Vincerx, Solidion and Marvell. */
import { describe, expect, it } from 'vitest';
import { firstFilingDate, parseSubmissions } from '../../schema/edgar/submissions.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import { issuerNameAt, type NameHistory } from './issuer-name.derive.ts';
import { loadSubmissions, SUBMISSIONS } from './sample.testkit.ts';

const history = (name: 'vincerx' | 'solidion' | 'marvell'): NameHistory => {
  const { company } = loadSubmissions(name);
  return { name: company.name, formerNames: company.formerNames, firstFilingDate: firstFilingDate(parseSubmissions(readSample(`edgar/submissions/${SUBMISSIONS[name]}`))) };
};
const filed = { filed: true, name: null };

describe('issuerNameAt', () => {
  it('a de-SPAC\'s IPO carries the SPAC\'s name: LifeSci Acquisition Corp. (Vincerx, S-1 of 2020-02-14), Nubia Brand International Corp. (Solidion, 2021-11-16)', () => {
    expect(issuerNameAt(history('vincerx'), '2020-02-14', filed)).toEqual({ name: 'LifeSci Acquisition Corp.', source: 'submissions' });
    expect(issuerNameAt(history('solidion'), '2021-11-16', filed)).toEqual({ name: 'Nubia Brand International Corp.', source: 'submissions' });
    // After the last former name ended, the current name.
    expect(issuerNameAt(history('solidion'), '2024-04-15', filed)).toEqual({ name: 'Solidion Technology Inc.', source: 'submissions' });
  });

  it('a vendor offering dated before the company\'s EDGAR history has no evidence of its name (Marvell\'s 2000 IPO row against the 2020 successor)', () => {
    expect(issuerNameAt(history('marvell'), '2000-06-26', { filed: false, name: null })).toBeNull();
    expect(issuerNameAt(history('marvell'), '2021-05-01', { filed: false, name: null })).toEqual({ name: 'Marvell Technology, Inc.', source: 'submissions' });
  });

  it('without a submissions page, the name on the offering\'s own filing; without either, null', () => {
    const none: NameHistory = { name: null, formerNames: [], firstFilingDate: null };
    expect(issuerNameAt(none, '2020-03-18', { filed: true, name: 'DLP Positive Note Fund LLC' })).toEqual({ name: 'DLP Positive Note Fund LLC', source: 'filing' });
    expect(issuerNameAt(none, '2017-01-13', { filed: false, name: null })).toBeNull();
    expect(issuerNameAt(history('vincerx'), null, filed)).toBeNull();
  });
});
