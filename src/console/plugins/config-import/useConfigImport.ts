// The configuration import's controller: upload the chosen file (use systemImport), import it with
// config.import, then keep the keys it changed to show them.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { DialogMessage } from '../../runtime/dialog/useDialogMessage.ts';

export function useConfigImport(messages: DialogMessage) {
  const { t } = useTranslation();
  const [changed, setChanged] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);

  const importUploaded = useCallback(
    async (path: string) => {
      setImporting(true);
      try {
        const result = await call('config.import', { body: { path }, silent: true });
        setChanged(result.changed);
        messages.show(
          'success',
          result.changed.length
            ? t('config.msg.imported', { count: result.changed.length })
            : t('config.msg.importedNothing'),
        );
      } catch (e) {
        messages.showFailure(e, (error) => error);
      } finally {
        setImporting(false);
      }
    },
    [messages, t],
  );

  return { changed, importing, importUploaded };
}
