// Form actions that run a call: form fields fill the call's path parameters or its query, and a write
// sends the form's data; the real catalogue's dialogs are all registered.
import { describe, expect, it } from 'vitest';
import { formActionRequest } from '../../../src/console/runtime/form/form-action-request.ts';
import { dialogs } from '../../../src/console/registry.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { DIALOG_SCREEN_KINDS } from '../../../src/core/catalogue/dialog-screens.ts';

const form = { id: 'd1', phone: '13800138000', name: 'Acme', empty: null };

describe('formActionRequest', () => {
  it('puts path parameters in the path and the other names in the query; a GET sends no body', () => {
    const action = {
      id: 'sms',
      label: 'a.b',
      call: 'sms.test',
      query: { id: 'id', phone: 'phone', lang: 'name', gone: 'missing', none: 'empty' },
    };
    expect(formActionRequest(action, { method: 'GET', path: '/authtime/domain/{id}/sms/{phone}' }, form)).toEqual({
      params: { id: 'd1', phone: '13800138000' },
      query: { lang: 'Acme' },
      body: undefined,
    });
  });

  it('sends the form data as the body of a write', () => {
    const action = { id: 'save', label: 'a.b', call: 'x.save', query: { id: 'id' } };
    expect(formActionRequest(action, { method: 'PUT', path: '/authtime/x/{id}' }, form)).toEqual({
      params: { id: 'd1' },
      query: {},
      body: form,
    });
  });
});

describe('dialogs of the catalogue', () => {
  it('are registered by exact name', () => {
    expect(Object.keys(dialogs).sort()).toEqual(['flow-detail', 'icon-picker', 'upload', 'user-select']);
    const { catalogue } = loadCatalogue();
    for (const screen of Object.values(catalogue.screens)) {
      if (screen.kind !== 'form' && screen.kind !== 'list') continue;
      for (const action of screen.actions ?? [])
        if (action.dialog && !DIALOG_SCREEN_KINDS.has(catalogue.screens[action.dialog]?.kind ?? ''))
          expect(dialogs, `${screen.id} ${action.id}`).toHaveProperty([action.dialog]);
    }
  });
});
