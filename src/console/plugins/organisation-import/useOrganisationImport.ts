// The organisation import's controller (D35): the uploaded sheet is previewed, then committed on request
// (runtime/dialog/usePreviewCommit.ts), through the users' or the departments' import call.
import { useCallback } from 'react';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { DialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { usePreviewCommit, type PreviewMode } from '../../runtime/dialog/usePreviewCommit.ts';

export type ImportKind = 'users' | 'departments';
export type ImportResult = Calls['transfer.importUsers']['reply'];

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
  return usePreviewCommit(send, messages);
}
