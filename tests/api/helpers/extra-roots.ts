// The extra catalogue roots a suite's server loads: those of ATRIUM_CATALOGUE_EXTRA, so the generated
// suites (authorization matrix, fuzz) walk an extension's calls when it is named.
import { catalogueRoots } from '../../../src/core/catalogue/from-disk.ts';

export const extraRoots = (): string[] => catalogueRoots().slice(1);
