// Checks a package read into memory: the manifest's shape (the meta-schema), then every reference
// between its parts (ids unique, menus and forms naming real modules, roles granting real menus and
// resources, processes naming real forms and a BPMN file that holds that process with a start and an
// end). The same check serves `atrium check` (the project's packages/) and the server's install, which
// refuses a package with any problem before it writes anything.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { readProcess } from '../workflow/process-definition.ts';
import { parse } from 'yaml';
import type { Translate } from '../validation-messages.ts';
import { flattenMenus, MENU_KINDS, type AppPackage, type Manifest, type PackageProblem } from './package-types.ts';

export const MANIFEST_FILE = 'app.yaml';

/** A package as files: the manifest's text and the text of every file under processes/. */
export interface PackageFiles {
  manifest: string;
  files: Map<string, string>;
}

let compiled: { schema: object; validate: ValidateFunction } | undefined;
function validatorFor(schema: object): ValidateFunction {
  if (compiled?.schema !== schema)
    compiled = { schema, validate: new Ajv2020({ allErrors: true, strict: false }).compile(schema) };
  return compiled.validate;
}

export async function checkPackage(
  input: PackageFiles,
  metaSchema: object,
  t: Translate,
): Promise<{ pkg?: AppPackage; problems: PackageProblem[]; cautions: PackageProblem[] }> {
  const at = (
    pointer: string,
    key: string,
    params?: Record<string, unknown>,
    file = MANIFEST_FILE,
  ): PackageProblem => ({ file, pointer, message: t(key, params) });
  let manifest: Manifest;
  try {
    manifest = parse(input.manifest) as Manifest;
  } catch (error) {
    return {
      problems: [at('', 'package.problem.notYaml', { reason: (error as Error).message.split('\n')[0] })],
      cautions: [],
    };
  }
  const validate = validatorFor(metaSchema);
  if (!validate(manifest)) {
    return {
      problems: (validate.errors ?? []).map((e) =>
        at(e.instancePath, 'package.problem.shape', {
          reason: `${e.message ?? e.keyword}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
        }),
      ),
      cautions: [],
    };
  }
  const problems = referenceProblems(manifest, at);
  const cautions: PackageProblem[] = [];
  problems.push(...(await processProblems(manifest, input.files, at, cautions)));
  return problems.length
    ? { problems, cautions }
    : {
        pkg: {
          manifest,
          processFiles: new Map((manifest.processes ?? []).map((p) => [p.file, input.files.get(p.file)!])),
        },
        problems,
        cautions,
      };
}

const nodeLabel = (node: { id: string; name: string }) =>
  node.name !== node.id ? `${node.name} (${node.id})` : node.id;

type At = (pointer: string, key: string, params?: Record<string, unknown>, file?: string) => PackageProblem;

function referenceProblems(m: Manifest, at: At): PackageProblem[] {
  const problems: PackageProblem[] = [];
  /** The ids of a list, reporting the second use of one. */
  const idsOf = (items: ReadonlyArray<{ id: string; pointer: string }>, what: string) => {
    const ids = new Set<string>();
    for (const { id, pointer } of items) {
      if (ids.has(id)) problems.push(at(`${pointer}/id`, 'package.problem.duplicateId', { what, id }));
      ids.add(id);
    }
    return ids;
  };
  const modules = idsOf(
    m.modules.map((x, i) => ({ id: x.id, pointer: `/modules/${i}` })),
    'module',
  );
  const resourceList = m.modules.flatMap((x, i) =>
    (x.resources ?? []).map((r, j) => ({ id: r.id, pointer: `/modules/${i}/resources/${j}` })),
  );
  const resources = idsOf(resourceList, 'resource');
  // Modules and resources make one permission tree (docs/adr/0039-permissions-role-leaves.md): an id names one node of it.
  for (const { id, pointer } of resourceList)
    if (modules.has(id)) problems.push(at(`${pointer}/id`, 'package.problem.resourceNamedAsModule', { id }));
  const menus = Object.fromEntries(
    MENU_KINDS.map((kind) => {
      const flat = flattenMenus(m.menus?.[kind], null, `/menus/${kind}`);
      for (const { menu, pointer } of flat)
        if (menu.module && !modules.has(menu.module))
          problems.push(at(`${pointer}/module`, 'package.problem.unknownModule', { id: menu.module }));
      return [
        kind,
        idsOf(
          flat.map(({ menu, pointer }) => ({ id: menu.id, pointer })),
          `${kind} menu`,
        ),
      ];
    }),
  );
  idsOf(
    (m.roles ?? []).map((x, i) => ({ id: x.id, pointer: `/roles/${i}` })),
    'role',
  );
  (m.roles ?? []).forEach((role, i) => {
    for (const kind of MENU_KINDS)
      role[kind]?.forEach(
        (id, j) =>
          menus[kind].has(id) ||
          problems.push(at(`/roles/${i}/${kind}/${j}`, 'package.problem.unknownMenu', { kind, id })),
      );
    role.resources?.forEach(
      (id, j) =>
        resources.has(id) || problems.push(at(`/roles/${i}/resources/${j}`, 'package.problem.unknownResource', { id })),
    );
  });
  const forms = idsOf(
    (m.forms ?? []).map((x, i) => ({ id: x.id, pointer: `/forms/${i}` })),
    'form',
  );
  (m.forms ?? []).forEach((form, i) => {
    if (!modules.has(form.module))
      problems.push(at(`/forms/${i}/module`, 'package.problem.unknownModule', { id: form.module }));
    const names = new Set<string>();
    form.fields.forEach((field, j) => {
      if (names.has(field.name))
        problems.push(
          at(`/forms/${i}/fields/${j}/name`, 'package.problem.duplicateId', { what: 'field', id: field.name }),
        );
      names.add(field.name);
      if (field.type === 'select' && !field.options)
        problems.push(at(`/forms/${i}/fields/${j}`, 'package.problem.selectWithoutOptions', { id: field.name }));
    });
  });
  idsOf(
    (m.processes ?? []).map((x, i) => ({ id: x.id, pointer: `/processes/${i}` })),
    'process',
  );
  (m.processes ?? []).forEach(
    (p, i) =>
      forms.has(p.form) || problems.push(at(`/processes/${i}/form`, 'package.problem.unknownForm', { id: p.form })),
  );
  return problems;
}

/** Each process file is BPMN 2.0 holding the named process, which the engine can run (docs/adr/0043-bpmn-process-definitions.md), and whose
 *  approvals name roles of this package. Every problem is reported, each at its element (`file#elementId`);
 *  what runs without being honoured goes to `cautions`, the install preview's warnings. */
async function processProblems(
  m: Manifest,
  files: Map<string, string>,
  at: At,
  cautions: PackageProblem[],
): Promise<PackageProblem[]> {
  const problems: PackageProblem[] = [];
  const roles = new Set((m.roles ?? []).map((r) => r.id));
  const processIds = new Set((m.processes ?? []).map((p) => p.id));
  for (const [i, p] of (m.processes ?? []).entries()) {
    const xml = files.get(p.file);
    if (xml === undefined) {
      problems.push(at(`/processes/${i}/file`, 'package.problem.missingFile', { file: p.file }));
      continue;
    }
    const read = await readProcess(xml, p.id);
    if (read.notBpmn !== undefined) problems.push(at('', 'package.problem.notBpmn', { reason: read.notBpmn }, p.file));
    for (const reason of read.warnings) problems.push(at('', 'package.problem.bpmnWarning', { reason }, p.file));
    if (read.missing)
      problems.push(at(`/processes/${i}/id`, 'package.problem.processMissing', { id: p.id, file: p.file }));
    for (const problem of read.problems)
      problems.push({
        ...at(problem.element, problem.key, problem.params, p.file),
        ...(problem.fix && { fix: problem.fix }),
      });
    for (const caution of read.cautions) cautions.push(at(caution.element, caution.key, caution.params, p.file));
    const nodes = read.definition?.nodes;
    for (const id of Object.keys(p.nodes ?? {}))
      if (nodes && !nodes[id])
        problems.push(at(`/processes/${i}/nodes/${id}`, 'package.problem.unknownNode', { id, file: p.file }));
    for (const node of Object.values(read.definition?.nodes ?? {})) {
      // A call activity calls a process of this same application (docs/adr/0139-call-activities-and-conditional-events.md).
      if (node.call && !processIds.has(node.call.process))
        problems.push(
          at(
            node.id,
            'workflow.problem.calledUnknown',
            { element: nodeLabel(node), process: node.call.process },
            p.file,
          ),
        );
      for (const rule of node.approvers ?? []) {
        if (rule.kind === 'role' && !roles.has(rule.role))
          problems.push(
            at(node.id, 'workflow.problem.unknownRole', { element: nodeLabel(node), role: rule.role }, p.file),
          );
      }
    }
  }
  return problems;
}
