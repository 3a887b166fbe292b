// Route context (`sourceArgs`, action `args`, a tree's `args`/`nodeParam`/`search`) names only parts
// the call has: `atrium check` catches a path parameter, query field or body field it lacks.
import { describe, expect, it } from 'vitest';
import { SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

describe('atrium check on route context', () => {
  it("accepts a list source and actions whose args name the calls' own parts", () => {
    let docs = setAt(fixtureDocs(), SCREENS, '/screens/1/sourceArgs', {
      query: { pagelines: 'size' },
      body: { name: 'gadgetName' },
    });
    docs = setAt(docs, SCREENS, '/screens/1/actions/1/args', { query: {} });
    expect(problemLines(docs)).toEqual([]);
  });

  it('catches a source mapping a path parameter, query field or body field the call lacks', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/sourceArgs', {
      params: { id: 'gadgetid' },
      query: { shelf: 'shelf' },
      body: { colour: 'c' },
    });
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/sourceArgs/body/colour: call "gadgets.list" has no body field "colour"`,
      `${SCREENS}:/screens/1/sourceArgs/params/id: call "gadgets.list" has no path parameter {id}`,
      `${SCREENS}:/screens/1/sourceArgs/query/shelf: call "gadgets.list" has no query field "shelf"`,
    ]);
  });

  it('catches an action whose call takes a list body but is given body fields', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/actions/1/args', { body: { name: 'gadgetName' } });
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/actions/1/args/body/name: call "gadgets.remove" has no body field "name"`,
    ]);
  });

  it('checks a tree screen: its calls, node fields, node parameter, search field and detail screens', () => {
    const tree = {
      id: 'gadget.tree',
      title: 'screen.gadgets',
      kind: 'tree',
      entity: 'gadget',
      root: 'gadgets.list',
      children: 'gadgets.get',
      nodeParam: 'parent',
      node: { id: 'name', label: 'label' },
      select: 'gadget',
      search: { call: 'gadgets.list', field: 'colour' },
      detail: [{ id: 'parts', label: 'screen.gadgets', screen: 'gadget.parts' }],
    };
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/4', tree);
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/4/detail/0/screen: unknown screen "gadget.parts"`,
      `${SCREENS}:/screens/4/kind: screen kind "tree" is not registered in src/console/registry.ts (screenKinds)`,
      `${SCREENS}:/screens/4/node/label: "label" is not a property of entity "gadget"`,
      `${SCREENS}:/screens/4/nodeParam/params/parent: call "gadgets.get" has no path parameter {parent}`,
      `${SCREENS}:/screens/4/search/body/colour: call "gadgets.list" has no body field "colour"`,
    ]);
  });
});
