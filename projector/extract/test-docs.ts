/** Test helper: the real sample prospectuses, read once per test file. */
import { readProspectus, type ProspectusDoc } from './prospectus-reader.ts';
import { readDocumentFile, sampleProspectusPath } from './labelled-samples.ts';

export const SAMPLES = {
  unicycive: 'S-1-A_0001213900-21-035033_unicycive.htm.gz',
  aaoi: 'S-1-A_0001047469-14-002425_aaoi-followon.htm.gz',
  acurx: 'S-1_0001104659-23-076317_acurx.htm.gz',
  pandora: 'S-1_0001193125-11-032963_pandora.htm.gz',
  twilio: 'S-1_2016-10-07_twilio-followon.htm.gz',
  flushing: '424B5-prelim_FFIC_flushing-financial.htm.gz',
  imunon: '424B5_0001493152-25-029712_imunon.htm.gz',
  nextera: '424B5_0001193125-25-338333_nextera-atm.htm.gz',
  anterix: 'S-3_0001193125-22-186192_anterix-resale.htm.gz',
  aerovironment: 'S-3ASR_0001104659-25-064107_aerovironment.htm.gz',
  coverSnippet: 'snippet_424-cover-snippet.html',
  divSpans: 'snippet_424-div-spans.html',
} as const;

const cache = new Map<string, ProspectusDoc>();
export function sampleDoc(name: keyof typeof SAMPLES): ProspectusDoc {
  let doc = cache.get(name);
  if (!doc) {
    doc = readProspectus(readDocumentFile(sampleProspectusPath(SAMPLES[name])));
    cache.set(name, doc);
  }
  return doc;
}

export function sampleText(name: keyof typeof SAMPLES): string {
  return readDocumentFile(sampleProspectusPath(SAMPLES[name]));
}
