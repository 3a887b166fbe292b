// `atrium check`: validates the catalogue (meta-schemas, then every reference); one line per problem,
// `file:pointer: message`; exit 1 when there is any.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogue, PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import { generateTypes, TYPES_COMMAND, TYPES_FILE } from '../emit/types.ts';
import { formatProblem, type CheckInput, type Problem } from '../check/problem.ts';
import { runChecks } from '../check/run-checks.ts';
import { loadHandlerIds, loadRegistryNames } from '../load/project-code.ts';
import { checkPackage } from '../../src/core/packages/check-package.ts';
import {
  packageMetaSchema,
  PACKAGES_DIR,
  projectPackages,
  readPackageFolder,
} from '../../src/core/packages/read-package.ts';
import { translatorFor } from '../../src/core/translate.ts';
import type { Catalogue } from '../../src/core/catalogue/types.ts';
import { SECURITY_DOC, SECURITY_DOC_COMMAND, securityTables, withTables } from '../emit/security-doc.ts';

/** The project's application packages (packages/<name>), checked as an install would check them. */
async function packageProblems(catalogue: Catalogue): Promise<{ problems: Problem[]; count: number }> {
  const t = translatorFor(catalogue.labels.en);
  const names = projectPackages();
  const problems: Problem[] = [];
  for (const name of names) {
    const checked = await checkPackage(readPackageFolder(join(PACKAGES_DIR, name)), packageMetaSchema(), t);
    problems.push(
      ...checked.problems.map((p) => ({ file: `packages/${name}/${p.file}`, pointer: p.pointer, message: p.message })),
    );
  }
  return { problems, count: names.length };
}

/** The committed types describe the project's own catalogue, without extra roots (ATRIUM_CATALOGUE_EXTRA). */
async function generatedTypes(): Promise<{ value?: CheckInput['generatedTypes']; problems: Problem[] }> {
  const path = join(PROJECT_ROOT, TYPES_FILE);
  try {
    const fresh = await generateTypes(loadCatalogue([PROJECT_ROOT]).catalogue);
    return {
      value: {
        file: TYPES_FILE,
        committed: existsSync(path) ? readFileSync(path, 'utf8') : null,
        fresh,
        command: TYPES_COMMAND,
      },
      problems: [],
    };
  } catch (e) {
    return {
      problems: [
        { file: TYPES_FILE, pointer: '', message: `cannot be generated: ${(e as Error).message.split('\n')[0]}` },
      ],
    };
  }
}

/** docs/security.md and the same with its generated tables written from the project's own catalogue. */
function securityDoc(): { value?: CheckInput['securityDoc']; problems: Problem[] } {
  const path = join(PROJECT_ROOT, SECURITY_DOC);
  try {
    const committed = readFileSync(path, 'utf8');
    const fresh = withTables(committed, securityTables(loadCatalogue([PROJECT_ROOT]).catalogue));
    return { value: { file: SECURITY_DOC, committed, fresh, command: SECURITY_DOC_COMMAND }, problems: [] };
  } catch (e) {
    return { problems: [{ file: SECURITY_DOC, pointer: '', message: (e as Error).message.split('\n')[0] }] };
  }
}

export async function checkCommand(): Promise<number> {
  const loaded = loadCatalogue();
  const readProblems = loaded.problems.filter((p) => p.message.startsWith('not valid YAML'));
  const [registry, handlers, types] = await Promise.all([loadRegistryNames(), loadHandlerIds(), generatedTypes()]);
  const doc = securityDoc();
  const result = runChecks({
    catalogue: loaded.catalogue,
    docs: loaded.docs,
    registry: registry.registry,
    handlerIds: handlers.handlerIds,
    generatedTypes: types.value,
    securityDoc: doc.value,
  });
  const packages = await packageProblems(loaded.catalogue);
  const problems = [
    ...readProblems,
    ...registry.problems,
    ...handlers.problems,
    ...(result.referencesChecked ? [...types.problems, ...doc.problems] : []),
    ...result.problems,
    ...packages.problems,
  ];
  for (const p of problems) console.log(formatProblem(p));
  const c = loaded.catalogue;
  const counts =
    `${loaded.docs.length} files, ${Object.keys(c.entities).length} entities, ${Object.keys(c.calls).length} calls, ` +
    `${Object.keys(c.screens).length} screens, ${c.routes.length} routes, ${Object.keys(c.labels.en ?? {}).length} labels`;
  if (problems.length) {
    const note = result.referencesChecked ? '' : ' (references are checked once every file matches its meta-schema)';
    console.log(`atrium check: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${counts}${note}`);
    return 1;
  }
  console.log(
    `atrium check: ok — ${counts}, ${handlers.handlerIds?.length ?? 0} handlers, ${packages.count} packages, types up to date`,
  );
  return 0;
}
