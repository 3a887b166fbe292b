// `atrium check`: validates the catalogue (meta-schemas, then every reference); one line per problem,
// `file:pointer: message`; exit 1 when there is any.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogue, PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import { generateTypes, TYPES_COMMAND, TYPES_FILE } from '../emit/types.ts';
import { formatProblem, type CheckInput, type Problem } from '../check/problem.ts';
import { runChecks } from '../check/run-checks.ts';
import { loadHandlerIds, loadRegistryNames } from '../load/project-code.ts';

/** The committed types describe the project's own catalogue, without extra roots (ATRIUM_CATALOGUE_EXTRA). */
async function generatedTypes(): Promise<{ value?: CheckInput['generatedTypes']; problems: Problem[] }> {
  const path = join(PROJECT_ROOT, TYPES_FILE);
  try {
    const fresh = await generateTypes(loadCatalogue([PROJECT_ROOT]).catalogue);
    return { value: { file: TYPES_FILE, committed: existsSync(path) ? readFileSync(path, 'utf8') : null, fresh, command: TYPES_COMMAND }, problems: [] };
  } catch (e) {
    return { problems: [{ file: TYPES_FILE, pointer: '', message: `cannot be generated: ${(e as Error).message.split('\n')[0]}` }] };
  }
}

export async function checkCommand(): Promise<number> {
  const loaded = loadCatalogue();
  const readProblems = loaded.problems.filter((p) => p.message.startsWith('not valid YAML'));
  const [registry, handlers, types] = await Promise.all([loadRegistryNames(), loadHandlerIds(), generatedTypes()]);
  const result = runChecks({
    catalogue: loaded.catalogue,
    docs: loaded.docs,
    registry: registry.registry,
    handlerIds: handlers.handlerIds,
    generatedTypes: types.value,
  });
  const problems = [...readProblems, ...registry.problems, ...handlers.problems, ...(result.referencesChecked ? types.problems : []), ...result.problems];
  for (const p of problems) console.log(formatProblem(p));
  const c = loaded.catalogue;
  const counts = `${loaded.docs.length} files, ${Object.keys(c.entities).length} entities, ${Object.keys(c.calls).length} calls, ` +
    `${Object.keys(c.screens).length} screens, ${c.routes.length} routes, ${Object.keys(c.labels.en ?? {}).length} labels`;
  if (problems.length) {
    const note = result.referencesChecked ? '' : ' (references are checked once every file matches its meta-schema)';
    console.log(`atrium check: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${counts}${note}`);
    return 1;
  }
  console.log(`atrium check: ok — ${counts}, ${handlers.handlerIds?.length ?? 0} handlers, types up to date`);
  return 0;
}
