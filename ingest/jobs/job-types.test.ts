import { describe, expect, it } from 'vitest';
import { job, jobId, jobNamesOf, queueOf } from './job-types.ts';
import { validateJob } from './job-validate.ts';

describe('jobId', () => {
  it('is the same for the same name and data, whatever the key order', () => {
    const a = jobId(job('edgar.document', { cik: '1766140', accessionNumber: '0001213900-21-035033', primaryDocument: 'a.htm' }));
    const b = jobId({ name: 'edgar.document', data: { primaryDocument: 'a.htm', accessionNumber: '0001213900-21-035033', cik: '1766140' } });
    expect(a).toBe(b);
    expect(a).toMatch(/^edgar\.document-[0-9a-f]{32}$/);
  });

  it('differs when the name or any value differs, and never contains ":" (BullMQ forbids it)', () => {
    const ids = [
      jobId(job('edgar.submissions', { cik: '1318605' })),
      jobId(job('edgar.companyfacts', { cik: '1318605' })),
      jobId(job('edgar.submissions', { cik: '1318606' })),
      jobId(job('edgar.daily_index', { date: '2020-03-18', kind: 'form' })),
      jobId(job('edgar.daily_index', { date: '2020-03-18', kind: 'form', followForms: ['S-1'] })),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => id.includes(':'))).toBe(false);
  });
});

describe('CIK normalization', () => {
  it('gives 320193 and 0000320193 the same job and the same id, from the constructor and the validator', () => {
    const short = job('edgar.submissions', { cik: '320193' });
    const padded = job('edgar.submissions', { cik: '0000320193' });
    expect(short).toEqual({ name: 'edgar.submissions', data: { cik: '0000320193' } });
    expect(jobId(short)).toBe(jobId(padded));
    const validated = validateJob({ name: 'edgar.document', data: { cik: '320193', accessionNumber: '0000320193-20-000096', primaryDocument: 'a.htm' } });
    expect(validated.data).toMatchObject({ cik: '0000320193' });
    expect(jobId(validated)).toBe(jobId(job('edgar.document', { cik: '0000320193', accessionNumber: '0000320193-20-000096', primaryDocument: 'a.htm' })));
    // An id computed from raw (unnormalized) data is the same too.
    expect(jobId({ name: 'edgar.companyfacts', data: { cik: '320193' } })).toBe(jobId(job('edgar.companyfacts', { cik: '0000320193' })));
    expect(jobId(job('edgar.submissions', { cik: '320194' }))).not.toBe(jobId(short));
  });
});

describe('validateJob', () => {
  it('accepts valid jobs and rejects malformed ones', () => {
    expect(validateJob({ name: 'edgar.submissions_page', data: { cik: '0001318605', name: 'CIK0001318605-submissions-001.json' } }).name).toBe('edgar.submissions_page');
    expect(() => validateJob({ name: 'edgar.submissions_page', data: { cik: '0001318605', name: '../secrets.json' } })).toThrow(/name must look like/);
    expect(() => validateJob({ name: 'edgar.submissions', data: { cik: 'CIK1318605' } })).toThrow(/cik must be/);
    expect(() => validateJob({ name: 'edgar.daily_index', data: { date: '2020-03-18', kind: 'xbrl' } })).toThrow(/kind must be/);
    // A day that does not exist could only ever answer 404.
    for (const date of ['2020-13-01', '2020-02-30', '2021-02-29']) {
      expect(() => validateJob({ name: 'edgar.daily_index', data: { date, kind: 'form' } }), date).toThrow(/date must be a calendar date YYYY-MM-DD/);
    }
    expect(validateJob({ name: 'edgar.daily_index', data: { date: '2020-02-29', kind: 'form' } }).name).toBe('edgar.daily_index');
    expect(() => validateJob({ name: 'news.everything', data: { query: 'IPO', from: '2020-02-30' } })).toThrow(/from must be/);
    expect(() => validateJob({ name: 'pipeline.publish', data: { kind: 'daily', date: '2017-02-29' } })).toThrow(/daily publication/);
    expect(() => validateJob(null)).toThrow(/must be an object/);
  });

  it('checks the discovery payloads: feed page and depth, the new filings a submissions job follows', () => {
    expect(validateJob({ name: 'edgar.current_feed', data: { since: '2026-01-12T11:00:00-05:00', start: 100, count: 40 } }).name).toBe('edgar.current_feed');
    expect(validateJob({ name: 'edgar.current_feed', data: { since: '2026-01-12T16:00:00.000Z' } }).name).toBe('edgar.current_feed');
    expect(() => validateJob({ name: 'edgar.current_feed', data: { count: 50 } })).toThrow(/count must be one of 10, 20, 40, 80, 100/);
    expect(() => validateJob({ name: 'edgar.current_feed', data: { start: -100 } })).toThrow(/start must be an integer/);
    expect(() => validateJob({ name: 'edgar.current_feed', data: { since: '2026-01-12' } })).toThrow(/since must be an ISO timestamp/);
    const follow = { cik: '1756064', accessions: ['0001493152-26-001260'], filedOn: '2026-01-12' };
    expect(validateJob({ name: 'edgar.submissions', data: follow }).data).toEqual({ ...follow, cik: '0001756064' });
    expect(() => validateJob({ name: 'edgar.submissions', data: { ...follow, accessions: ['0001493152-26-1260'] } })).toThrow(/accessions must be a list/);
    expect(() => validateJob({ name: 'edgar.submissions', data: { ...follow, filedOn: '12/01/2026' } })).toThrow(/filedOn must be a calendar date YYYY-MM-DD/);
    // New filings make a new job: the same company followed again for another filing is not a duplicate.
    expect(jobId(job('edgar.submissions', follow))).not.toBe(jobId(job('edgar.submissions', { ...follow, accessions: ['0001493152-26-001057'] })));
  });
});

describe('pipeline jobs', () => {
  it('give one id per publish request (a slot that fires twice is one job) and one id to every project job (they coalesce)', () => {
    const daily = jobId(job('pipeline.publish', { kind: 'daily', date: '2026-11-24' }));
    expect(jobId({ name: 'pipeline.publish', data: { date: '2026-11-24', kind: 'daily' } })).toBe(daily);
    expect(jobId(job('pipeline.publish', { kind: 'daily', date: '2026-11-25' }))).not.toBe(daily);
    expect(jobId(job('pipeline.publish', { kind: 'weekly', date: '2026-11-24' }))).not.toBe(daily);
    expect(jobId(job('pipeline.project', {}))).toBe(jobId({ name: 'pipeline.project', data: {} }));
    expect(queueOf('pipeline.project')).toBe('pipeline');
    expect(queueOf('pipeline.publish')).toBe('pipeline');
    expect(jobNamesOf('pipeline')).toEqual(['pipeline.project', 'pipeline.publish']);
  });

  it('validates publish requests and project jobs', () => {
    expect(validateJob({ name: 'pipeline.publish', data: { kind: 'quarterly', year: 2017, quarter: 4 } }).data).toEqual({ kind: 'quarterly', year: 2017, quarter: 4 });
    expect(() => validateJob({ name: 'pipeline.publish', data: { kind: 'quarterly', year: 2017, quarter: 5 } })).toThrow(/quarter: 1 to 4/);
    expect(() => validateJob({ name: 'pipeline.publish', data: { kind: 'daily', date: '24/11/2026' } })).toThrow(/YYYY-MM-DD/);
    expect(() => validateJob({ name: 'pipeline.publish', data: { kind: 'monthly', date: '2026-11-24' } })).toThrow(/daily, weekly or quarterly/);
    expect(() => validateJob({ name: 'pipeline.project', data: { reason: 'x' } })).toThrow(/data must be \{\}/);
  });
});
