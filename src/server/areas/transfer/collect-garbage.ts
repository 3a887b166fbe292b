// A full garbage collection between the chunks of a long import (docs/adr/0069-import-sheet-with-saxes.md). V8 lets the old generation grow
// to a few times its live size before it collects it, and every chunk of rows in flight across a
// database call is promoted there: 100,000 rows took the server's heap from ~170 MB to ~300 MB between
// collections, past the import's memory budget (+157 MB above idle), though what was live stayed ~80 MB. Collecting every
// GC_EVERY rows bounds that garbage, at one pause of 50–350 ms each time (measured on a loaded machine);
// an import of up to GC_EVERY rows never pauses for it.
// The collector is reached as jest's leak detector reaches it: exposed once, then taken from a fresh
// context (or the one the process was started with, under --expose-gc).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Rows between two collections. */
export const GC_EVERY = 10_000;

let collector: (() => void) | undefined;

export function collectGarbage(): void {
  if (!collector) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) collector = exposed;
    else {
      setFlagsFromString('--expose-gc');
      collector = runInNewContext('gc') as () => void;
    }
  }
  collector();
}
