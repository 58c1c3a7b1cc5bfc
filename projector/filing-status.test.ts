import { describe, expect, it } from 'vitest';
import { filingInferredStatus } from './filing-status.ts';
import { formTitle } from './form-title.ts';
import { marketOf } from './market.derive.ts';

describe('filingInferredStatus', () => {
  it('maps the IPO lifecycle forms (AAOI sequence) to the status each implies alone', () => {
    const sequence = ['DRS', 'DRS/A', 'S-1', 'S-1/A', '8-A12B', 'CERTNAS', 'EFFECT', '424B4'];
    expect(sequence.map(filingInferredStatus)).toEqual([
      'draft', 'draft', 'filed', 'amended', 'listing_approved', 'listing_approved', 'effective', 'priced',
    ]);
  });

  it('covers withdrawals, Reg A and shelves, and leaves everything else at none', () => {
    expect(filingInferredStatus('RW')).toBe('withdrawn');
    expect(filingInferredStatus('RW WD')).toBe('none');
    expect(filingInferredStatus('AW')).toBe('none');
    expect(filingInferredStatus('QUALIF')).toBe('effective');
    expect(filingInferredStatus('253G2')).toBe('priced');
    expect(filingInferredStatus('424B1')).toBe('priced');
    expect(filingInferredStatus('S-3ASR')).toBe('effective');
    expect(filingInferredStatus('F-1/A')).toBe('amended');
    expect(['10-K', '4', 'FWP', '424B5', 'S-8', 'CORRESP'].map(filingInferredStatus)).toEqual(Array(6).fill('none'));
  });
});

describe('formTitle', () => {
  it('names the lifecycle, periodic, ownership and correspondence forms', () => {
    for (const form of ['DRS', 'S-1', 'F-1', 'S-11', 'N-2', 'FWP', 'EFFECT', '424B1', '424B2', '424B3', '424B4', '424B5', '424B7',
      'S-1MEF', '8-A12B', 'CERTNYS', 'CERTNAS', 'RW', 'RW WD', 'AW', 'DEL AM', 'POS AM', '1-A', 'DOS', 'QUALIF', '253G2', 'D',
      '10-K', '10-Q', '8-K', '3', '4', '5', 'SC 13D', 'SC 13G', 'DEF 14A', 'S-8', 'CORRESP', 'UPLOAD', 'S-3', 'S-4', '425', '25-NSE']) {
      expect(formTitle(form), form).toEqual(expect.any(String));
    }
  });

  it('names an amendment after its base form and returns null for unknown forms', () => {
    expect(formTitle('S-1/A')).toBe('Registration statement (amendment)');
    expect(formTitle('SC 13G/A')).toBe('Beneficial ownership report (over 5%, passive investor) (amendment)');
    expect(formTitle('X-17A-5')).toBeNull();
    expect(formTitle('ZZZ/A')).toBeNull();
  });
});

describe('marketOf', () => {
  it('normalises exchange hints seen in EDGAR data', () => {
    expect(['Nasdaq', 'NYSE', 'NYSE American', 'CBOE', 'NYSE Arca'].map(marketOf)).toEqual(Array(5).fill('exchange'));
    expect(marketOf('OTC')).toBe('otc');
    expect(marketOf(null)).toBe('unknown');
    expect(marketOf('')).toBe('unknown');
  });
});
