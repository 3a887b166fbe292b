// Each kind of broken reference is caught by `atrium check`, naming the file and the JSON pointer.
import { describe, expect, it } from 'vitest';
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

describe('atrium check on the fixture catalogue', () => {
  it('finds nothing wrong with the intact fixture', () => {
    expect(problemLines(fixtureDocs())).toEqual([]);
  });

  it('catches a list column naming no property of the entity', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/columns/1/field', 'colour');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/columns/1/field: "colour" is not a property of entity "gadget"`,
    ]);
  });

  it('checks search fields against the search entity, not the row entity', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/search/0/field', 'status');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/search/0/field: "status" is not a property of entity "gadget-search"`,
    ]);
  });

  it('catches a form field naming no property', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/2/fields/1/field', 'note');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/2/fields/1/field: "note" is not a property of entity "gadget"`,
    ]);
  });

  it('checks form tabs: their fields, the screen they embed, and fields of a group tab against the group entity', () => {
    let docs = removeAt(fixtureDocs(), SCREENS, '/screens/2/fields');
    docs = setAt(docs, SCREENS, '/screens/2/tabs', [
      { id: 'main', label: 'action.new', fields: ['name', 'note'] },
      { id: 'chart', label: 'action.new', screen: 'gadget.graph' },
      { id: 'parts', label: 'action.new', group: 'name', fields: ['name'] },
    ]);
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/2/tabs/0/fields/1: "note" is not a property of entity "gadget"`,
      `${SCREENS}:/screens/2/tabs/1/screen: unknown screen "gadget.graph"`,
      `${SCREENS}:/screens/2/tabs/2/group: unknown entity "gadget.name" (no entity with this id in schemas/entities)`,
    ]);
  });

  it('catches an action calling an unknown call', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/actions/1/call', 'gadgets.delete');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/actions/1/call: unknown call "gadgets.delete" (no call with this id in schemas/api)`,
    ]);
  });

  it('catches a form loading through an unknown call', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/2/load', 'gadgets.fetch');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/2/load: unknown call "gadgets.fetch" (no call with this id in schemas/api)`,
    ]);
  });

  it('catches a row click to an unknown route, ignoring the query part', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/rowClick/to', '/gizmo?tab=main');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/rowClick/to: unknown route "/gizmo" (no route with this path in schemas/screens)`,
    ]);
  });

  it('catches a row click running an action the list does not have on its rows', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/rowClick', { action: 'edit' });
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/rowClick/action: rowClick.action "edit" is not one of the screen's rowActions`,
    ]);
  });

  it('catches a form naming its record by a field the entity does not have', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/2/recordName', 'title');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/2/recordName: "title" is not a property of entity "gadget"`,
    ]);
  });

  it('catches a tile and a redirect leading nowhere', () => {
    const docs = setAt(
      setAt(fixtureDocs(), SCREENS, '/screens/0/tiles/0/to', '/gadgetz'),
      SCREENS,
      '/routes/0/redirect',
      '/begin',
    );
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/routes/0/redirect: unknown route "/begin" (no route with this path in schemas/screens)`,
      `${SCREENS}:/screens/0/tiles/0/to: unknown route "/gadgetz" (no route with this path in schemas/screens)`,
    ]);
  });

  it('catches a route to an unknown screen', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/routes/2/screen', 'gadget.table');
    expect(problemLines(docs)).toEqual([`${SCREENS}:/routes/2/screen: unknown screen "gadget.table"`]);
  });

  it('catches a rule that does not compile', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/actions/0/visible', 'not user.readOnly ==');
    const lines = problemLines(docs);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^${SCREENS}:/screens/1/actions/0/visible: rule "not user.readOnly ==" does not compile: `),
    );
  });

  it('catches an allow rule of a call that does not compile', () => {
    const docs = setAt(fixtureDocs(), CALLS, '/calls/2/allow', 'user.superAdmin and (');
    expect(problemLines(docs)[0]).toMatch(
      new RegExp(`^${CALLS}:/calls/2/allow: rule "user.superAdmin and \\(" does not compile`),
    );
  });

  it("catches a call's target naming a path parameter or query property the call does not have", () => {
    expect(problemLines(setAt(fixtureDocs(), CALLS, '/calls/1/target', { domain: 'params.id' }))).toEqual([]);
    expect(problemLines(setAt(fixtureDocs(), CALLS, '/calls/1/target', { domain: 'params.domainId' }))).toEqual([
      `${CALLS}:/calls/1/target/domain: params.domainId is not a parameter of the path /authtime/gadget/{id}`,
    ]);
    expect(problemLines(setAt(fixtureDocs(), CALLS, '/calls/0/target', { domain: 'query.domainid' }))).toEqual([
      `${CALLS}:/calls/0/target/domain: query.domainid is not a property of the call's query`,
    ]);
  });

  it('catches governs without a domain target the request always has', () => {
    const targeted = setAt(fixtureDocs(), CALLS, '/calls/1/target', { domain: 'params.id' });
    expect(problemLines(setAt(targeted, CALLS, '/calls/1/governs', true))).toEqual([]);
    expect(problemLines(setAt(fixtureDocs(), CALLS, '/calls/1/governs', true))).toEqual([
      `${CALLS}:/calls/1/governs: governs needs a domain target the request always has (a path parameter or a required query property)`,
    ]);
  });

  it('catches an entity $ref to an unknown entity, and a pointer missing from a known one', () => {
    const docs = setAt(
      fixtureDocs(),
      ENTITIES,
      '/entities/gadget-page/schema/properties/datas/items/$ref',
      'entity:gizmo',
    );
    setAt(docs, CALLS, '/calls/4/reply/$ref', 'entity:gadget#/properties/title');
    expect(problemLines(docs)).toEqual([
      `${CALLS}:/calls/4/reply/$ref: "#/properties/title" does not exist in entity "gadget"`,
      `${ENTITIES}:/entities/gadget-page/schema/properties/datas/items/$ref: unknown entity "gizmo" (no entity with this id in schemas/entities)`,
    ]);
  });

  it('catches a screen whose entity does not exist', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/2/entity', 'gizmo');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/2/entity: unknown entity "gizmo" (no entity with this id in schemas/entities)`,
    ]);
  });
});

describe('atrium check: labels', () => {
  it('catches a label used by a screen but missing in one locale, and the differing key sets', () => {
    const docs = removeAt(fixtureDocs(), locale('zh'), '/action/remove');
    expect(problemLines(docs)).toEqual([
      `${locale('zh')}:/action/remove: key "action.remove" is in en.yaml, cn.yaml but missing here`,
      `${SCREENS}:/screens/1/actions/1/label: label "action.remove" is missing in zh.yaml`,
    ]);
  });

  it('catches label keys in entity schemas (title, x-messages, x-labels) missing everywhere', () => {
    const docs = setAt(fixtureDocs(), ENTITIES, '/entities/gadget/schema/properties/status/x-labels/0', 'status.of');
    setAt(docs, ENTITIES, '/entities/gadget/schema/properties/name/x-messages/maxLength', 'msg.tooLong');
    setAt(docs, ENTITIES, '/entities/gadget/schema/properties/notes/title', 'field.gadget.remarks');
    expect(problemLines(docs)).toEqual([
      `${ENTITIES}:/entities/gadget/schema/properties/name/x-messages/maxLength: label "msg.tooLong" is missing in en.yaml, zh.yaml, cn.yaml`,
      `${ENTITIES}:/entities/gadget/schema/properties/notes/title: label "field.gadget.remarks" is missing in en.yaml, zh.yaml, cn.yaml`,
      `${ENTITIES}:/entities/gadget/schema/properties/status/x-labels/0: label "status.of" is missing in en.yaml, zh.yaml, cn.yaml`,
    ]);
  });

  it('catches an area of calls without its OpenAPI tag label', () => {
    const docs = fixtureDocs();
    for (const lang of ['en', 'zh', 'cn']) removeAt(docs, locale(lang), '/apiDocs/openapi/tag');
    expect(problemLines(docs)).toEqual([
      `${locale('en')}:/apiDocs/openapi/tag/gadgets: area "gadgets" has no tag label "apiDocs.openapi.tag.gadgets" in en.yaml, zh.yaml, cn.yaml`,
    ]);
  });

  it('catches a call without its summary label, in every language or in one (docs/adr/0074-call-summaries-in-locales.md)', () => {
    const docs = fixtureDocs();
    for (const lang of ['en', 'zh', 'cn']) removeAt(docs, locale(lang), '/apiDocs/openapi/call/gadgets/save');
    expect(problemLines(docs)).toEqual([
      `${locale('en')}:/apiDocs/openapi/call/gadgets/save: call "gadgets.save" has no summary label "apiDocs.openapi.call.gadgets.save" in en.yaml, zh.yaml, cn.yaml`,
    ]);
    const oneMissing = removeAt(fixtureDocs(), locale('cn'), '/apiDocs/openapi/call/gadgets/archive');
    expect(problemLines(oneMissing)).toEqual([
      `${locale('cn')}:/apiDocs/openapi/call/gadgets/archive: call "gadgets.archive" has no summary label "apiDocs.openapi.call.gadgets.archive" in cn.yaml`,
      `${locale('cn')}:/apiDocs/openapi/call/gadgets/archive: key "apiDocs.openapi.call.gadgets.archive" is in en.yaml, zh.yaml but missing here`,
    ]);
  });

  it('catches locale files whose key sets differ even when no screen uses the key', () => {
    const docs = setAt(fixtureDocs(), locale('cn'), '/tile/extra', '額外');
    expect(problemLines(docs)).toEqual([
      `${locale('en')}:/tile/extra: key "tile.extra" is in cn.yaml but missing here`,
      `${locale('zh')}:/tile/extra: key "tile.extra" is in cn.yaml but missing here`,
    ]);
  });
});

describe('atrium check: the console registry', () => {
  it.each([
    [
      'plugin',
      '/screens/3/plugin',
      'gadget-graph',
      `plugin "gadget-graph" is not registered in src/console/registry.ts (plugins)`,
    ],
    [
      'cell renderer',
      '/screens/1/columns/1/render',
      'traffic-light',
      `cell renderer "traffic-light" is not registered in src/console/registry.ts (cellRenderers)`,
    ],
    [
      'form widget',
      '/screens/2/fields/1/widget',
      'richtext',
      `widget "richtext" is not registered in src/console/registry.ts (widgets)`,
    ],
    [
      'guard',
      '/routes/1/guards/0',
      'loggedIn',
      `guard "loggedIn" is not registered in src/console/registry.ts (guards)`,
    ],
  ])('catches an unregistered %s', (_what, pointer, name, message) => {
    const docs = setAt(fixtureDocs(), SCREENS, pointer, name);
    expect(problemLines(docs)).toEqual([`${SCREENS}:${pointer}: ${message}`]);
  });

  it('catches an action opening an unregistered dialog, and accepts a registered one', () => {
    const withDialog = (name: string) =>
      setAt(removeAt(fixtureDocs(), SCREENS, '/screens/1/actions/0/to'), SCREENS, '/screens/1/actions/0/dialog', name);
    expect(problemLines(withDialog('gadget-wizard'))).toEqual([
      `${SCREENS}:/screens/1/actions/0/dialog: dialog "gadget-wizard" is not registered in src/console/registry.ts (dialogs)`,
    ]);
    expect(problemLines(withDialog('gadget-picker'))).toEqual([]);
  });

  it('catches an unregistered x-widget in an entity schema', () => {
    const docs = setAt(fixtureDocs(), ENTITIES, '/entities/gadget/schema/properties/status/x-widget', 'toggle');
    expect(problemLines(docs)).toEqual([
      `${ENTITIES}:/entities/gadget/schema/properties/status/x-widget: widget "toggle" is not registered in src/console/registry.ts (widgets)`,
    ]);
  });

  it('catches a screen kind the registry does not render', () => {
    const registry = { ...FIXTURE_REGISTRY, screenKinds: ['list', 'form', 'plugin'] };
    expect(problemLines(fixtureDocs(), { registry })).toEqual([
      `${SCREENS}:/screens/0/kind: screen kind "tiles" is not registered in src/console/registry.ts (screenKinds)`,
    ]);
  });
});

describe('atrium check: server handlers', () => {
  it('catches a call without a handler', () => {
    const handlerIds = FIXTURE_HANDLERS.filter((id) => id !== 'gadgets.get');
    expect(problemLines(fixtureDocs(), { handlerIds })).toEqual([
      `${CALLS}:/calls/1: call "gadgets.get" has no server handler in src/server/areas/index.ts`,
    ]);
  });

  it('catches a handler without a call', () => {
    const handlerIds = [...FIXTURE_HANDLERS, 'gadgets.export'];
    expect(problemLines(fixtureDocs(), { handlerIds })).toEqual([
      'src/server/areas/index.ts:/gadgets.export: handler "gadgets.export" serves no call of the catalogue',
    ]);
  });

  it('accepts a call served by the generic store without a handler, but not with both', () => {
    const handlerIds = [...FIXTURE_HANDLERS, 'gadgets.archive'];
    expect(problemLines(fixtureDocs(), { handlerIds })).toEqual([
      `${CALLS}:/calls/4: call "gadgets.archive" names store:gadget-archive but src/server/areas/index.ts also has a handler for it`,
    ]);
  });

  it('catches two calls on the same method and path', () => {
    // gadgets.get, now a PUT, is also no longer a read its form may load.
    const docs = setAt(fixtureDocs(), CALLS, '/calls/1/method', 'PUT');
    expect(problemLines(docs)).toEqual([
      `${CALLS}:/calls/2: PUT /authtime/gadget/{id} is already served by call "gadgets.get"`,
      `${SCREENS}:/screens/2/load: call "gadgets.get" is a PUT read as a load: mark it "effects: false" (a search), or it is logged as a change at each reading`,
    ]);
  });
});

describe('atrium check: rule functions', () => {
  it('catches a rule calling a function that does not exist, which filtrex only notices at run time', () => {
    const docs = setAt(
      fixtureDocs(),
      SCREENS,
      '/screens/0/tiles/0/visible',
      "contains(user.roles, 'x') or count(user.roles) > 1",
    );
    const lines = problemLines(docs);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${SCREENS}:/screens/0/tiles/0/visible: rule ".*" calls unknown function contains \\(known: .*count.*\\)$`,
      ),
    );
  });
  it('refuses a rule calling a FEEL regex built-in, which the console cannot evaluate', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/0/tiles/0/visible', 'feelMatches(user.name, "^a")');
    const lines = problemLines(docs);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${SCREENS}:/screens/0/tiles/0/visible: rule ".*" calls feelMatches, which the console cannot evaluate`,
      ),
    );
  });
});

describe('atrium check: rule names', () => {
  it("catches a single-quoted 'string', which filtrex reads as a variable name", () => {
    const docs = setAt(
      fixtureDocs(),
      SCREENS,
      '/screens/1/actions/0/visible',
      "user.type == 'admin' and reply.canCreate",
    );
    const lines = problemLines(docs);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^${SCREENS}:/screens/1/actions/0/visible: rule ".*" reads unknown name admin \\(a rule reads user, `),
    );
  });

  it('catches true/false, which filtrex does not know', () => {
    const docs = setAt(fixtureDocs(), CALLS, '/calls/0/allow', 'user.superAdmin == true');
    expect(problemLines(docs)[0]).toMatch(
      new RegExp(`^${CALLS}:/calls/0/allow: rule "user.superAdmin == true" reads unknown name true `),
    );
  });

  it('catches a tile rule reading what the server does not have (tiles are decided with the profile, 0145)', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/0/tiles/0/visible', 'user.superAdmin and config.captcha');
    expect(problemLines(docs)[0]).toMatch(
      new RegExp(
        `^${SCREENS}:/screens/0/tiles/0/visible: rule ".*" reads unknown name config \\(a rule reads user, session;`,
      ),
    );
  });

  it('accepts double-quoted strings, quoted paths, word operators before parentheses and `of`', () => {
    const rule = `'user.type' == "it's (fine)" or (not user.a and (name of user) in ("x", "y") and count(user.roles) > 1)`;
    expect(problemLines(setAt(fixtureDocs(), SCREENS, '/screens/0/tiles/0/visible', rule))).toEqual([]);
  });
  it('refuses a GET with effects as a form load, and `effects` on a method other than GET', () => {
    const docs = setAt(fixtureDocs(), CALLS, '/calls/1/effects', true);
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/2/load: call "gadgets.get" has effects (effects: true): only an action the user starts may run it, not a load`,
    ]);
    const onPut = problemLines(setAt(fixtureDocs(), CALLS, '/calls/2/effects', true));
    expect(onPut.length).toBeGreaterThan(0);
    expect(onPut.every((line) => line.startsWith(`${CALLS}:/calls/2`))).toBe(true);
  });
  it('refuses a POST read as a list source unless it is marked `effects: false`', () => {
    expect(problemLines(removeAt(fixtureDocs(), CALLS, '/calls/0/effects'))).toEqual([
      `${SCREENS}:/screens/1/source: call "gadgets.list" is a POST read as a source: mark it "effects: false" (a search), or it is logged as a change at each reading`,
    ]);
  });
});
