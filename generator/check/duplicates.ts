// Check: ids are unique across files (entities, calls, screens, route paths) and versions match;
// buildCatalogue finds these while merging the documents.
import { buildCatalogue } from '../../src/core/catalogue/build.ts';
import type { Check } from './problem.ts';

export const checkDuplicates: Check = ({ docs }) => buildCatalogue(docs).problems;
