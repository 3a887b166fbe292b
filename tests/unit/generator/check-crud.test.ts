// Calls marked `crud:` (extension entities, docs/adr/0111): `atrium check` wants the shape each op
// needs, an entity with its enterprise (`domainid`), and no hand-written handler besides.
import { describe, expect, it } from 'vitest';
import { CALLS, ENTITIES, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const tenanted = () => {
  let docs = setAt(fixtureDocs(), ENTITIES, '/entities/gadget/schema/properties/domainid', { type: 'string' });
  docs = setAt(docs, ENTITIES, '/entities/gadget/schema/required', ['name', 'domainid']);
  return docs;
};

describe('atrium check on crud calls', () => {
  it('accepts a list call of an entity with its enterprise (the fixture handler of the call aside)', () => {
    const docs = setAt(tenanted(), CALLS, '/calls/0/crud', { entity: 'gadget', op: 'list' });
    expect(problemLines(docs)).toEqual([
      `${CALLS}:/calls/0: call "gadgets.list" names crud but src/server/areas/index.ts also has a handler for it`,
    ]);
  });

  it('catches an op the call cannot perform, an entity without its enterprise, and a handler besides', () => {
    let docs = setAt(fixtureDocs(), CALLS, '/calls/1/crud', { entity: 'gadget', op: 'list' });
    docs = setAt(docs, CALLS, '/calls/3/crud', { entity: 'gadget', op: 'delete' });
    expect(problemLines(docs)).toEqual(
      expect.arrayContaining([
        `${CALLS}:/calls/1/crud: call "gadgets.get": a crud list is a POST without {id} in its path`,
        `${CALLS}:/calls/1/crud: call "gadgets.get": crud entity "gadget" entity needs a required string property "domainid" (the record's enterprise)`,
        `${CALLS}:/calls/1: call "gadgets.get" names crud but src/server/areas/index.ts also has a handler for it`,
      ]),
    );
  });
});
