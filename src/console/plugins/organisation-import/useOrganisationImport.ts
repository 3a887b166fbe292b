// The organisation import's controller (docs/adr/0035-organisation-excel-import-export.md): the uploaded sheet is previewed, then committed on request
// (runtime/dialog/usePreviewCommit.ts), through the users' or the departments' import call.
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { DialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { usePreviewCommit, type PreviewMode } from '../../runtime/dialog/usePreviewCommit.ts';

export type ImportKind = 'users' | 'departments';
export type ImportResult = Calls['transfer.importUsers']['reply'];
type RowStatus = ImportResult['rows'][number]['status'];
/** A page of the last run's rows (mode=rows, docs/adr/0064-users-import-streamed.md); undefined when it could not be read (shown). */
export type RowsPage = (page: number, lines: number) => Promise<ImportResult | undefined>;

export function useOrganisationImport(kind: ImportKind, domainid: string, messages: DialogMessage) {
  const send = useCallback(
    (path: string, mode: PreviewMode): Promise<ImportResult> => {
      const params = { id: domainid };
      return kind === 'users'
        ? call('transfer.importUsers', { params, query: { mode }, body: { path }, silent: true })
        : call('transfer.importDepartments', { params, query: { path, mode }, silent: true });
    },
    [kind, domainid],
  );
  const run = usePreviewCommit(send, messages);
  const { path } = run;
  const rows = useCallback(
    async (page: number, lines: number, status?: RowStatus) => {
      if (!path) return undefined;
      const params = { id: domainid };
      const query = { mode: 'rows' as const, page, lines, ...(status ? { status } : {}) };
      try {
        return await (kind === 'users'
          ? call('transfer.importUsers', { params, query, body: { path }, silent: true })
          : call('transfer.importDepartments', { params, query: { ...query, path }, silent: true }));
      } catch (e) {
        messages.showFailure(e);
        return undefined;
      }
    },
    [kind, domainid, path, messages],
  );
  const page: RowsPage = useCallback((p, lines) => rows(p, lines), [rows]);
  const refusedPage: RowsPage = useCallback((p, lines) => rows(p, lines, 'refused'), [rows]);
  // After a commit, the refused rows (the reply's first page holds every outcome, not only these).
  const [refused, setRefused] = useState<ImportResult['rows'] | null>(null);
  const committed = run.result;
  useEffect(() => {
    if (committed && committed.counts.refused > 0)
      void refusedPage(1, 100).then((reply) => setRefused(reply?.rows ?? []));
  }, [committed, refusedPage]);
  return { ...run, page, refusedPage, refused };
}
