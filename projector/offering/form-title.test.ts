import { describe, expect, it } from 'vitest';
import { formTitle } from './form-title.ts';

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
