import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8 lets a heap with room to grow run long before a full collection. A rebuild's batches (and an
 * extraction worker's documents) make objects that outlive a few scavenges, are promoted, and die
 * at the batch's end: over a million generated events the projector's peak RSS reached 1 GB, most of
 * it garbage. A full collection once the heap passes a bound keeps memory bounded however long the
 * log, where a hard heap limit (`--max-old-space-size`) would crash a process whose live data
 * outgrew it. After each collection the bound is twice what survived it, so a process that does need
 * more is not collected batch after batch.
 */
export class HeapBound {
  private threshold: number;

  constructor(private readonly floorBytes: number) {
    this.threshold = floorBytes;
  }

  /** Collects when the heap passed the bound; true when it did. */
  check(): boolean {
    if (getHeapStatistics().used_heap_size <= this.threshold) return false;
    const gc = fullCollection();
    if (gc === null) return false;
    gc();
    this.threshold = Math.max(this.floorBytes, 2 * getHeapStatistics().used_heap_size);
    return true;
  }
}

let gcFunction: (() => void) | null | undefined;

/** V8's full collection, exposed at run time (the flag is read when a context is created); null where V8 refuses. */
function fullCollection(): (() => void) | null {
  if (gcFunction === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      gcFunction = runInNewContext('gc') as () => void;
    } catch {
      gcFunction = null;
    }
  }
  return gcFunction;
}
