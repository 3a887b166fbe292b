// The authorization matrix's walk on pglite, security separation on (authorization/matrix-suite.ts).
import { matrixSuite } from './authorization/matrix-suite.ts';

await matrixSuite('pglite', 'on');
