// The authorization matrix's walk on postgres, security separation on (authorization/matrix-suite.ts).
import { matrixSuite } from './authorization/matrix-suite.ts';

await matrixSuite('postgres', 'on');
