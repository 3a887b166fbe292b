// The list's batch and pick actions of docs/adr/0156-batch-and-pick-list-actions.md as `atrium check`
// sees them: a batch call takes the ids (and the form's values) in body fields it has, its form is a
// form screen and it answers { results }; a pick call takes a list of ids; both are list actions; a
// batch's form comes with the field it goes in. A counted batch sent in parts and undone
// (docs/adr/0168-batch-count-parts-summary-undo.md): a boolean flag, a key the call takes and answers,
// an undo call taking the key in one path parameter; with a summary the call need not answer results.
import { describe, expect, it } from 'vitest';
import { CALLS, FIXTURE_HANDLERS, SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const LIST = '/screens/1';
const BATCH_CALL = {
  id: 'gadgets.batch',
  method: 'POST',
  path: '/authtime/gadget/batch',
  allow: 'login',
  officers: ['super', 'admin'],
  body: {
    type: 'object',
    properties: { ids: { type: 'array', items: { type: 'string' } }, values: { type: 'object' } },
  },
  reply: { type: 'object', properties: { results: { type: 'array', items: { type: 'object' } } } },
};
const handlers = { handlerIds: [...FIXTURE_HANDLERS, 'gadgets.batch'] };
/** The screens' problems (the added call's missing API documentation label is not this test's). */
const screenLines = (docs: ReturnType<typeof fixtureDocs>) =>
  problemLines(docs, handlers).filter((l) => l.startsWith(SCREENS));

function withActions(actions: object[]) {
  const docs = setAt(fixtureDocs(), CALLS, '/calls/5', BATCH_CALL);
  return setAt(docs, SCREENS, `${LIST}/actions`, actions);
}

describe('atrium check on batch and pick actions', () => {
  it('accepts a batch over body fields of a call answering results, with a form, and a pick of ids', () => {
    const docs = withActions([
      {
        id: 'b',
        label: 'action.new',
        call: 'gadgets.batch',
        selection: 'required',
        batch: { ids: 'ids', text: 'msg.confirmRemove', form: 'gadget.form', into: 'values' },
      },
      { id: 'p', label: 'action.new', call: 'gadgets.remove', pick: 'users' },
    ]);
    expect(screenLines(docs)).toEqual([]);
  });

  it('catches body fields the call lacks, a form that is not one, a reply without results and a pick call without a list', () => {
    const docs = withActions([
      {
        id: 'b',
        label: 'action.new',
        call: 'gadgets.save',
        batch: { ids: 'userIds', text: 'msg.confirmRemove', form: 'gadget.chart', into: 'notes' },
      },
      { id: 'p', label: 'action.new', call: 'gadgets.save', pick: 'users' },
    ]);
    expect(screenLines(docs)).toEqual([
      `${SCREENS}:${LIST}/actions/0/batch/form: "gadget.chart" is not a form screen`,
      `${SCREENS}:${LIST}/actions/0/batch/ids: call "gadgets.save" has no body field "userIds"`,
      `${SCREENS}:${LIST}/actions/0/call: "gadgets.save" does not answer { results: [...] }, the rows a batch lists`,
      `${SCREENS}:${LIST}/actions/1/call: "gadgets.save" does not take the picked ids as a list`,
    ]);
  });

  it('refuses a batch outside a list, a field for the form without the form, and a pick without a call', () => {
    let docs = setAt(fixtureDocs(), CALLS, '/calls/5', BATCH_CALL);
    docs = setAt(docs, SCREENS, '/screens/2/actions', [
      { id: 'b', label: 'action.new', call: 'gadgets.batch', batch: { ids: 'ids', text: 'msg.confirmRemove' } },
    ]);
    expect(screenLines(docs)).toEqual([`${SCREENS}:/screens/2/actions/0: "b": batch and pick are list actions`]);
    const shape = screenLines(
      withActions([
        {
          id: 'b',
          label: 'action.new',
          call: 'gadgets.batch',
          batch: { ids: 'ids', text: 'msg.confirmRemove', into: 'values' },
        },
        { id: 'p', label: 'action.new', to: '/gadget', pick: 'users' },
      ]),
    );
    expect(shape.some((l) => l.includes(`${LIST}/actions/0/batch`) && l.includes('into'))).toBe(true);
    expect(shape.some((l) => l.includes(`${LIST}/actions/1`))).toBe(true);
  });

  it('wants formTabs on a row, over forms with load whose calls leave one parameter for the row key', () => {
    const tabs = (form: string) => ({
      title: 'action.new',
      label: 'action.new',
      saved: 'action.new',
      tabs: [{ id: 'one', label: 'action.new', form }],
    });
    let docs = setAt(fixtureDocs(), SCREENS, `${LIST}/rowActions`, [
      { id: 't', label: 'action.new', formTabs: tabs('gadget.form') },
    ]);
    expect(problemLines(docs)).toEqual([]);
    docs = setAt(docs, SCREENS, `${LIST}/rowActions/0/args`, { params: { id: 'gadgetid' } });
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:${LIST}/rowActions/0/formTabs/tabs/0/form: "gadgets.get" must leave one path parameter for the row's key beyond args.params`,
    ]);
    docs = setAt(fixtureDocs(), SCREENS, `${LIST}/actions/1`, {
      id: 't',
      label: 'action.new',
      formTabs: tabs('gadget.chart'),
    });
    docs = setAt(docs, SCREENS, `${LIST}/rowActions`, [
      { id: 'u', label: 'action.new', formTabs: tabs('gadget.chart') },
    ]);
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:${LIST}/actions/1: "t": formTabs is a list's row action`,
      `${SCREENS}:${LIST}/rowActions/0/formTabs/tabs/0/form: "gadget.chart" is not a form screen with load`,
    ]);
  });

  it('accepts a counted batch in parts with a summary and an undo, and catches a flag, key or undo call that does not fit', () => {
    const parted = {
      ...BATCH_CALL,
      body: {
        type: 'object',
        properties: {
          ids: { type: 'array', items: { type: 'string' } },
          dry: { type: 'boolean' },
          batchId: { type: 'string' },
        },
      },
      reply: { type: 'object', properties: { batchId: { type: 'string' }, changed: { type: 'integer' } } },
    };
    const batch = (over: object) => ({
      id: 'b',
      label: 'action.new',
      call: 'gadgets.batch',
      selection: 'required',
      batch: {
        ids: 'ids',
        text: 'msg.confirmRemove',
        count: { flag: 'dry', label: 'action.new', text: 'msg.confirmRemove' },
        parts: { size: 50, key: 'batchId' },
        summary: 'msg.confirmRemove',
        undo: { call: 'gadgets.get', label: 'action.new', done: 'msg.confirmRemove' },
        ...over,
      },
    });
    const lines = (over: object) =>
      screenLines(setAt(setAt(fixtureDocs(), CALLS, '/calls/5', parted), SCREENS, `${LIST}/actions`, [batch(over)]));
    expect(lines({})).toEqual([]);
    expect(
      lines({
        count: { flag: 'ids', label: 'action.new', text: 'msg.confirmRemove' },
        parts: { size: 50, key: 'changed' },
        undo: { call: 'gadgets.remove', label: 'action.new', done: 'msg.confirmRemove' },
      }),
    ).toEqual([
      `${SCREENS}:${LIST}/actions/0/batch/count/flag: call "gadgets.batch" has no boolean body field "ids"`,
      `${SCREENS}:${LIST}/actions/0/batch/parts/key: call "gadgets.batch" has no body field "changed"`,
      `${SCREENS}:${LIST}/actions/0/batch/undo/call: "gadgets.remove" must take the batch's key in exactly one path parameter`,
    ]);
    expect(
      lines({
        parts: { size: 50, key: 'dry' },
        undo: { call: 'gadgets.nope', label: 'action.new', done: 'msg.confirmRemove' },
      }),
    ).toEqual([
      `${SCREENS}:${LIST}/actions/0/batch/parts/key: call "gadgets.batch" does not answer "dry"`,
      `${SCREENS}:${LIST}/actions/0/batch/undo/call: unknown call "gadgets.nope"`,
    ]);
    // An undo wants the parts' key and a summary (the meta-schema); without a summary the call must answer results.
    const only = (given: object) =>
      screenLines(
        setAt(setAt(fixtureDocs(), CALLS, '/calls/5', parted), SCREENS, `${LIST}/actions`, [
          { ...batch({}), batch: { ids: 'ids', text: 'msg.confirmRemove', ...given } },
        ]),
      );
    expect(only({ undo: batch({}).batch.undo })).toEqual([
      `${SCREENS}:${LIST}/actions/0/batch: must have properties summary, parts when property undo is present`,
    ]);
    expect(only({ parts: { size: 50, key: 'batchId' } })).toEqual([
      `${SCREENS}:${LIST}/actions/0/call: "gadgets.batch" does not answer { results: [...] }, the rows a batch lists`,
    ]);
  });
});
