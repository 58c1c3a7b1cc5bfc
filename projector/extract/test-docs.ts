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
  cempra: 'S-1-A_333-184637_cempra-2012-11-16.htm.gz',
  dropbox: 'S-1-A_333-223182_dropbox-2018-03-21.htm.gz',
  mykrolis: 'S-1-A_333-57182_mykrolis-2001-08-06.htm.gz',
  oplink: 'S-1-A_333-41506_oplink-2000-10-03.htm.gz',
  riverstone: 'S-1-A_333-45958_riverstone-2001-01-29.htm.gz',
  southernNational: 'S-1-A_333-162467_southern-national-bancorp-2009-10-29.htm.gz',
  tellium: 'S-1_tellium-2001-07-24.htm.gz',
  vastera: 'S-1-A_333-34142_vastera-2000-09-27.htm.gz',
  twitter: 'S-1_0001193125-13-390321_twitter.htm.gz',
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
