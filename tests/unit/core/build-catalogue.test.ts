// Merging catalogue documents: labels flattened to dotted keys, duplicates and versions reported.
import { describe, expect, it } from 'vitest';
import { buildCatalogue, flattenLabels, type CatalogueDocument } from '../../../src/core/catalogue/build.ts';

const call = (id: string, path = `/x/${id}`) => ({
  id,
  method: 'GET',
  path,
  allow: 'login',
  reply: { type: 'string' },
});

describe('flattenLabels', () => {
  it('turns nested groups into dotted keys and keeps the texts', () => {
    expect(flattenLabels({ a: { b: 'B', c: { d: 'D' } }, e: 'E' })).toEqual({ 'a.b': 'B', 'a.c.d': 'D', e: 'E' });
  });

  it('skips empty values and ignores non-objects', () => {
    expect(flattenLabels({ a: null, b: 'B' })).toEqual({ b: 'B' });
    expect(flattenLabels('text')).toEqual({});
  });
});

describe('buildCatalogue', () => {
  it('merges entities, calls, screens, routes and each language', () => {
    const docs: CatalogueDocument[] = [
      {
        file: 'schemas/entities/a.yaml',
        kind: 'entity',
        data: { version: 1, entities: { a: { schema: { type: 'object' } } } },
      },
      { file: 'schemas/api/x.yaml', kind: 'api', data: { version: 1, area: 'x', calls: [call('x.one')] } },
      {
        file: 'schemas/screens/s.yaml',
        kind: 'screen',
        data: {
          version: 1,
          screens: [{ id: 's', title: 't.s', kind: 'plugin', plugin: 'p' }],
          routes: [{ path: '/s', screen: 's', auth: true }],
        },
      },
      { file: 'locales/en.yaml', kind: 'locale', data: { t: { s: 'S' } } },
      { file: 'extra/locales/en.yaml', kind: 'locale', data: { t: { more: 'More' } } },
    ];
    const { catalogue, problems } = buildCatalogue(docs);
    expect(problems).toEqual([]);
    expect(catalogue.entities.a.origin).toEqual({ file: 'schemas/entities/a.yaml', pointer: '/entities/a' });
    expect(catalogue.calls['x.one'].origin).toEqual({ file: 'schemas/api/x.yaml', pointer: '/calls/0' });
    expect(catalogue.screens.s.origin.pointer).toBe('/screens/0');
    expect(catalogue.routes.map((r) => r.path)).toEqual(['/s']);
    expect(catalogue.labels.en).toEqual({ 't.s': 'S', 't.more': 'More' });
  });

  it('reports every duplicate id with where it was first defined, keeping the first', () => {
    const { catalogue, problems } = buildCatalogue([
      { file: 'schemas/api/one.yaml', kind: 'api', data: { version: 1, area: 'x', calls: [call('x.a', '/first')] } },
      {
        file: 'schemas/api/two.yaml',
        kind: 'api',
        data: { version: 1, area: 'x', calls: [call('x.b'), call('x.a', '/second')] },
      },
      {
        file: 'schemas/screens/r.yaml',
        kind: 'screen',
        data: {
          version: 1,
          routes: [
            { path: '/r', redirect: '/', auth: false },
            { path: '/r', redirect: '/x', auth: false },
          ],
        },
      },
    ]);
    expect(problems).toEqual([
      {
        file: 'schemas/api/two.yaml',
        pointer: '/calls/1',
        message: 'duplicate call id "x.a" (first defined in schemas/api/one.yaml at /calls/0)',
      },
      {
        file: 'schemas/screens/r.yaml',
        pointer: '/routes/1',
        message: 'duplicate route id "/r" (first defined in schemas/screens/r.yaml at /routes/0)',
      },
    ]);
    expect(catalogue.calls['x.a'].path).toBe('/first');
    expect(catalogue.routes).toHaveLength(1);
  });

  it('reports a file written for another catalogue version', () => {
    const { problems } = buildCatalogue([
      { file: 'schemas/entities/old.yaml', kind: 'entity', data: { version: 2, entities: {} } },
    ]);
    expect(problems).toEqual([
      { file: 'schemas/entities/old.yaml', pointer: '/version', message: 'catalogue version 2 is not 1' },
    ]);
  });
});
