// Form dialogs' checks (docs/adr/0155-record-views-and-command-forms.md): the catalogue
// passes; a form action opening a form with no create, a detail that is also an editable field and a
// submit.ok over a form that saves nothing are refused, each at its place.
import { describe, expect, it } from 'vitest';
import { checkFormDialogs } from '../../../generator/check/form-dialogs.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { FormScreen } from '../../../src/core/catalogue/types.ts';

describe('form dialogs check', { timeout: 30_000 }, () => {
  it('passes the catalogue and refuses what a form dialog cannot do', () => {
    const { catalogue, docs } = loadCatalogue();
    const run = () => checkFormDialogs({ catalogue, docs, handlerIds: null, registry: null });
    expect(run()).toEqual([]);
    const entry = catalogue.screens['oplog.entry'] as unknown as FormScreen;
    entry.details!.fields.push({ field: 'remark' });
    const sms = catalogue.screens['domain.smsTest'] as unknown as FormScreen;
    delete sms.create;
    const problems = run().map((p) => `${p.pointer.replace(/^\/screens\/\d+/, '')} ${p.message}`);
    expect(problems).toEqual([
      '/actions/0/form a form\'s action opens a new record, "domain.smsTest" has no create',
      "/submit/ok submit.ok reads the save call's reply, but the form has no create or update",
      '/details/fields/19/field "remark" is one of the form\'s fields; details are read-only',
    ]);
  });
});
