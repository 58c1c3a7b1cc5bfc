import { describe, expect, it } from 'vitest';
import { DOCUMENT_FORMS, OFFERING_FORMS } from '../ingest/edgar/offering-forms.ts';
import { formTitle } from '../projector/offering/form-title.ts';
import * as forms from '../projector/common/forms.ts';

const { PROSPECTUS_FORMS, baseForm } = forms;
/** Every form set of the projector's lifecycle vocabulary. */
const projectorSets = Object.values(forms).filter((v): v is Set<string> => v instanceof Set);
const projectorKnows = (form: string) => formTitle(form) !== null || projectorSets.some((set) => set.has(form) || set.has(baseForm(form)));

// ingest and projector may not import each other; this test keeps their form lists in step.
describe('the forms discovery follows', () => {
  it('are forms the projector knows', () => {
    expect(OFFERING_FORMS.filter((form) => !projectorKnows(form))).toEqual([]);
  });

  it('fetch primary documents only of forms whose cover the projector reads for terms', () => {
    expect([...DOCUMENT_FORMS].filter((form) => !PROSPECTUS_FORMS.has(form) || !OFFERING_FORMS.includes(form))).toEqual([]);
    expect(OFFERING_FORMS.filter((form) => PROSPECTUS_FORMS.has(form) && !DOCUMENT_FORMS.has(form))).toEqual([]);
  });
});
