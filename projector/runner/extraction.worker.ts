import { parentPort } from 'node:worker_threads';
import { readDocumentTerms } from '../extract/document.read.ts';
import type { ExtractionReply, ExtractionRequest } from './extraction-pool.ts';
import { extractorIdentity } from './extractor-identity.ts';
import { HeapBound } from './heap-bound.ts';

/** A worker keeps nothing between documents: what its heap holds past this is a parse's garbage (see HeapBound). */
const heap = new HeapBound(128 * 1024 * 1024);

/** One document at a time: the pool sends the next only after this one's reply. */
const port = parentPort!;
port.on('message', (request: ExtractionRequest) => {
  let reply: ExtractionReply;
  try {
    const html = Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength).toString('utf8');
    const { meta, knownForm, observedAt } = request.input;
    reply = { id: request.id, ok: true, read: readDocumentTerms(html, meta, knownForm, observedAt) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: (error as Error).message, stack: (error as Error).stack ?? null };
  }
  port.postMessage(reply);
  heap.check();
});
// Hashed after the reader is loaded: the files this worker runs, which may be newer than the main
// thread's if they changed on disk since it started (a build under a running projector).
port.postMessage({ ready: true, extractor: extractorIdentity() } satisfies ExtractionReply);
