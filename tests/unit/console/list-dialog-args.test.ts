// What a list hands the dialogs its actions open (runtime/list/list-dialog-args.ts): the load call's
// one path parameter the opener leaves open, and the selected rows' names.
import { describe, expect, it } from 'vitest';
import { loadParam, selectedNames } from '../../../src/console/runtime/list/list-dialog-args.ts';
import type { FormScreenDef, ListScreenDef } from '../../../src/console/runtime/screen-types.ts';

const calls = { 'users.get': { path: '/authtime/domain/{id}/user/{userid}' }, 'x.get': { path: '/x/{id}' } };
const form = (load?: string) => ({ kind: 'form', load }) as unknown as FormScreenDef;

describe('list dialog arguments', () => {
  it("names the load call's path parameter the opener's params leave open", () => {
    expect(loadParam(calls, form('users.get'), { id: 'D1' })).toBe('userid');
    expect(loadParam(calls, form('x.get'))).toBe('id');
    expect(loadParam(calls, form('users.get'))).toBeUndefined(); // two open: RecordFormDialog's default
    expect(loadParam(calls, form())).toBeUndefined();
  });

  it('names each selected row by its first column, else by its id', () => {
    const list = { columns: [{ field: 'name' }] } as unknown as ListScreenDef;
    const data = { ids: ['u1', 'u2'], rows: [{ id: 'u1', name: 'Ann' }, undefined] };
    expect(selectedNames(list, data)).toEqual({ u1: 'Ann', u2: 'u2' });
  });
});
