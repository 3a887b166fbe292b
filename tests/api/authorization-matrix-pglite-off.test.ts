// The authorization matrix's walk on pglite, security separation off (authorization/matrix-suite.ts).
import { matrixSuite } from './authorization/matrix-suite.ts';

await matrixSuite('pglite', 'off');
