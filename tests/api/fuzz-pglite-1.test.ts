// Fuzzing on pglite, part 1 of the calls (fuzz/fuzz-suite.ts).
import { fuzzSuite } from './fuzz/fuzz-suite.ts';

await fuzzSuite('pglite', 0);
