// Paths of the fixture catalogue roots the tests start the server with.
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';

/** An "asset" entity, its store-served calls, a list and a form screen, and labels (no code). */
export const STORE_FIXTURE = join(PROJECT_ROOT, 'tests/fixtures/store-catalogue');
