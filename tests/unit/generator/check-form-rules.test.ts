// `atrium check` on entity form rules, x-options and form field notes/sections: each broken part is
// named with its file and pointer, and a valid use passes.
import { describe, expect, it } from 'vitest';
import { ENTITIES, SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const RULES = '/entities/gadget/rules';
const okRule = {
  field: 'notes',
  when: 'form.status == 1',
  require: 'not empty(form.notes)',
  message: 'msg.nameTooLong',
};

describe('atrium check: entity form rules', () => {
  it('accepts a rule over form and user with a known field and message', () => {
    expect(
      problemLines(setAt(fixtureDocs(), ENTITIES, RULES, [okRule, { ...okRule, when: 'user.superAdmin' }])),
    ).toEqual([]);
  });

  it('names a rule field the entity lacks', () => {
    expect(problemLines(setAt(fixtureDocs(), ENTITIES, RULES, [{ ...okRule, field: 'colour' }]))).toEqual([
      `${ENTITIES}:${RULES}/0/field: "colour" is not a property of entity "gadget"`,
    ]);
  });

  it('names a message missing from the locales', () => {
    expect(problemLines(setAt(fixtureDocs(), ENTITIES, RULES, [{ ...okRule, message: 'msg.nope' }]))).toEqual([
      `${ENTITIES}:${RULES}/0/message: label "msg.nope" is missing in en.yaml, zh.yaml, cn.yaml`,
    ]);
  });

  it('refuses a rule reading what the server does not have (reply, session)', () => {
    const lines = problemLines(setAt(fixtureDocs(), ENTITIES, RULES, [{ ...okRule, require: 'reply.rowCount > 0' }]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${ENTITIES}:${RULES}/0/require: rule "reply.rowCount > 0" reads unknown name reply \\(a rule reads form, user;`,
      ),
    );
  });

  it('refuses a rule that does not compile and a rule without require', () => {
    expect(problemLines(setAt(fixtureDocs(), ENTITIES, RULES, [{ ...okRule, when: 'form.status ==' }]))[0]).toMatch(
      new RegExp(`^${ENTITIES}:${RULES}/0/when: rule "form.status ==" does not compile`),
    );
    const { require: _r, ...noRequire } = okRule;
    expect(problemLines(setAt(fixtureDocs(), ENTITIES, RULES, [noRequire]))).toEqual([
      `${ENTITIES}:${RULES}/0: must have required property 'require'`,
    ]);
  });
});

describe('atrium check: x-options', () => {
  const OPTIONS = '/entities/gadget/schema/properties/notes/x-options';

  it('accepts a known call with query rules over the form', () => {
    expect(
      problemLines(
        setAt(fixtureDocs(), ENTITIES, OPTIONS, {
          call: 'gadgets.list',
          value: 'id',
          label: 'name',
          query: { status: 'form.status' },
        }),
      ),
    ).toEqual([]);
  });

  it('names an unknown call and a query rule reading an unknown root', () => {
    const docs = setAt(fixtureDocs(), ENTITIES, OPTIONS, {
      call: 'gadgets.nope',
      value: 'id',
      label: 'name',
      query: { status: 'session.onlyDomainUser' },
    });
    const lines = problemLines(docs);
    expect(lines[0]).toBe(
      `${ENTITIES}:${OPTIONS}/call: unknown call "gadgets.nope" (no call with this id in schemas/api)`,
    );
    expect(lines[1]).toMatch(
      new RegExp(`^${ENTITIES}:${OPTIONS}/query/status: rule "session.onlyDomainUser" reads unknown name session`),
    );
  });

  it('refuses x-options without a label field', () => {
    expect(problemLines(setAt(fixtureDocs(), ENTITIES, OPTIONS, { call: 'gadgets.list', value: 'id' }))).toEqual([
      `${ENTITIES}:${OPTIONS}: must have required property 'label'`,
    ]);
  });

  it('refuses an unknown value encoding', () => {
    expect(
      problemLines(setAt(fixtureDocs(), ENTITIES, '/entities/gadget/schema/properties/notes/x-encoding', 'base64')),
    ).toEqual([
      `${ENTITIES}:/entities/gadget/schema/properties/notes/x-encoding: must be equal to one of the allowed values: password`,
    ]);
  });
});

describe('atrium check: form field notes and sections', () => {
  it('names a note or section label missing from the locales', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/2/fields/1', {
      field: 'notes',
      note: 'note.nope',
      section: 'field.gadget.name',
    });
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/2/fields/1/note: label "note.nope" is missing in en.yaml, zh.yaml, cn.yaml`,
    ]);
  });
});
