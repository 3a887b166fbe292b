// Meta-schema violations, duplicate ids and unreadable files are reported with file and pointer, and
// stop the reference checks (which rely on the files' shape).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/core/catalogue/build.ts';
import { PROJECT_ROOT, readCatalogueDocuments } from '../../../src/core/catalogue/from-disk.ts';
import { runChecks } from '../../../generator/check/run-checks.ts';
import {
  CALLS,
  ENTITIES,
  FIXTURE_HANDLERS,
  FIXTURE_REGISTRY,
  SCREENS,
  fixtureDocs,
  locale,
  problemLines,
  removeAt,
  setAt,
} from './broken-catalogue.ts';

describe('atrium check: meta-schemas', () => {
  it('refuses a method outside the enum', () => {
    const docs = setAt(fixtureDocs(), CALLS, '/calls/0/method', 'FETCH');
    expect(problemLines(docs)).toEqual([
      `${CALLS}:/calls/0/method: must be equal to one of the allowed values: GET, POST, PUT, DELETE, PATCH`,
    ]);
  });

  it("refuses a summary written in a call: it is the locales' apiDocs.openapi.call.<id> (docs/adr/0074-call-summaries-in-locales.md)", () => {
    const docs = setAt(fixtureDocs(), CALLS, '/calls/0/summary', 'One page of gadgets.');
    expect(problemLines(docs)).toEqual([`${CALLS}:/calls/0/summary: unknown property "summary"`]);
  });

  it('refuses a call that needs a sign-in but does not say who may make it in security separation', () => {
    const docs = removeAt(fixtureDocs(), CALLS, '/calls/0/officers');
    expect(problemLines(docs)).toEqual([`${CALLS}:/calls/0: must have required property 'officers'`]);
  });

  it('refuses officers on a public call, and an officer type or reach kind that does not exist', () => {
    const onPublic = setAt(fixtureDocs(), CALLS, '/calls/4/officers', ['super']);
    expect(problemLines(onPublic)).toEqual([`${CALLS}:/calls/4: must NOT be valid`]);
    const misspelt = setAt(fixtureDocs(), CALLS, '/calls/0/officers', ['admin@tenant']);
    expect(problemLines(misspelt)[0]).toMatch(new RegExp(`^${CALLS}:/calls/0/officers/0: must match pattern`));
  });

  it('refuses a path that is not a path', () => {
    const docs = setAt(fixtureDocs(), CALLS, '/calls/1/path', 'authtime/gadget/:id');
    expect(problemLines(docs)[0]).toMatch(new RegExp(`^${CALLS}:/calls/1/path: must match pattern`));
  });

  it('refuses a misspelt screen property, pointing at the property', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/colums', []);
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/colums: unknown property "colums" (allowed here: id, title, kind, help, breadcrumb, entity, source, sourceArgs, searchEntity, search, columns, rowKey, pageSizes, sort, card, actions, rowActions, counts, rowClick, paging, detail, pick, rows)`,
    ]);
  });

  it('knows the required keys of each screen kind', () => {
    const docs = removeAt(fixtureDocs(), SCREENS, '/screens/1/columns');
    expect(problemLines(docs)).toEqual([`${SCREENS}:/screens/1: must have required property 'columns'`]);
  });

  it('does not accept list keys on a form screen', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/2/columns', [{ field: 'name' }]);
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/2/columns: unknown property "columns" (allowed here: id, title, kind, help, breadcrumb, entity, key, keyArg, load, create, update, fields, tabs, back, actions, recordName, confirmSave, tenant, stay, details, submit, schemaFrom, savedQuery, local)`,
    ]);
  });

  it('wants an action to either navigate, call, open a dialog, download, open a form, a detail, an import or form tabs, in one line', () => {
    const docs = removeAt(fixtureDocs(), SCREENS, '/screens/1/actions/1/call');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/actions/1: must match one of: must have required property 'to' | must have required property 'call' | must have required property 'dialog' | must have required property 'download' | must have required property 'form' | must have required property 'detail' | must have required property 'import' | must have required property 'formTabs'`,
    ]);
  });

  it('catches a YAML flow mapping cut at a comma (an unknown keyword inside an entity schema)', () => {
    const cut = { type: 'string', description: 'first half', 'second half': null };
    const docs = setAt(fixtureDocs(), ENTITIES, '/entities/gadget/schema/properties/notes', cut);
    expect(problemLines(docs)).toContain(
      `${ENTITIES}:/entities/gadget/schema/properties/notes/second half: "second half" is not a known keyword`,
    );
  });

  it('wants locale leaves to be texts', () => {
    const docs = setAt(fixtureDocs(), locale('en'), '/tile/gadgets', 42);
    expect(problemLines(docs)).toEqual([`${locale('en')}:/tile/gadgets: must be string`]);
  });

  it('skips the reference checks while a file has the wrong shape', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/columns', 'name');
    setAt(docs, SCREENS, '/screens/2/load', 'gadgets.nothing');
    const result = runChecks({
      catalogue: buildCatalogue(docs).catalogue,
      docs,
      handlerIds: FIXTURE_HANDLERS,
      registry: FIXTURE_REGISTRY,
    });
    expect(result.referencesChecked).toBe(false);
    expect(result.problems.map((p) => p.pointer)).toEqual(['/screens/1/columns']);
  });
});

describe('atrium check: loading', () => {
  it('reports an id defined twice with both places', () => {
    const docs = fixtureDocs();
    const copy = structuredClone(docs.find((d) => d.file === CALLS)!);
    docs.push({ ...copy, file: CALLS.replace('gadgets.yaml', 'more-gadgets.yaml') });
    const lines = problemLines(docs);
    expect(lines).toContain(
      `${CALLS.replace('gadgets.yaml', 'more-gadgets.yaml')}:/calls/0: duplicate call id "gadgets.list" (first defined in ${CALLS} at /calls/0)`,
    );
    expect(lines.filter((l) => l.includes('duplicate call id'))).toHaveLength(5);
  });

  it('reports a file that is not YAML instead of throwing', () => {
    const { docs, problems } = readCatalogueDocuments([join(PROJECT_ROOT, 'tests/fixtures/broken/bad-yaml')]);
    expect(docs).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe('tests/fixtures/broken/bad-yaml/schemas/api/broken.yaml');
    expect(problems[0].message).toMatch(/^not valid YAML: /);
  });
});
