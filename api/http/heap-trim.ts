/**
 * glibc's malloc hands the top of its heap back to the kernel once more than its trim threshold
 * (128 KB) lies free there, and takes it back on the next allocations, a page fault for each page.
 * A page built per request is a Buffer of tens of KB, freed by the garbage collector in batches: the
 * heap's top shrank and grew with every scavenge (strace: a brk about every third request), and the
 * page cache off, the company list with three includes served 2,800 requests/s where the same
 * server with MALLOC_TRIM_THRESHOLD_ set served 7,400 (bench read.db, wrk, one core each).
 * glibc raises both thresholds by itself when a block it mapped apart is freed: the mmap threshold to
 * the block's size and the trim threshold to twice that, up to 32 MB. So one block of 31 MB, never
 * touched (no page of it is resident) and dropped at once, sets them as the variable would, whatever
 * the environment, once the collector frees it. Elsewhere (musl, macOS) it is an allocation and no more.
 */
const BLOCK_BYTES = 31 * 1024 * 1024;

let raised = false;

export function raiseHeapTrimThreshold(): void {
  if (raised) return;
  raised = true;
  Buffer.allocUnsafeSlow(BLOCK_BYTES);
}
