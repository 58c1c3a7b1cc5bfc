import { openEventLogDb } from '/work/wt-projector/schema/databases.ts';
import { appendWholeSample } from '/work/wt-projector/test/projector-sample-events.ts';
import { DOCUMENTS, documentEvent } from '/work/wt-projector/test/projector-enrichment-events.ts';
const dir = process.argv[2];
const e = await openEventLogDb(dir);
console.log(appendWholeSample(e.log));
e.log.appendMany(Object.values(DOCUMENTS).map((d) => documentEvent(d)));
console.log(e.log.lastSeq());
await e.close();
