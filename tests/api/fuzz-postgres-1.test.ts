// Fuzzing on postgres, part 1 of the calls (fuzz/fuzz-suite.ts).
import { fuzzSuite } from './fuzz/fuzz-suite.ts';

await fuzzSuite('postgres', 0);
