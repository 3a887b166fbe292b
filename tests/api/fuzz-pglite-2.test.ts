// Fuzzing on pglite, part 2 of the calls (fuzz/fuzz-suite.ts).
import { fuzzSuite } from './fuzz/fuzz-suite.ts';

await fuzzSuite('pglite', 1);
