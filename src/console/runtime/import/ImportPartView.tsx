// What an import dialog shows of one answer (docs/adr/0141-import-with-preview-screen.md): its text
// line, its table, its lists of entries (the warnings installing accepts).
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportList, ImportPart } from '../../../core/catalogue/import-screen.ts';
import type { Renderers } from '../cells/useCellRenderers.ts';
import { ImportTable, type ReadPage } from './ImportTable.tsx';
import { entryTexts, rowsOf, textOf, valueOf, type Answer, type DialogData } from './import-values.ts';

export function EntryList({
  list,
  entries,
}: {
  list: Pick<ImportList, 'testId' | 'title' | 'primary' | 'secondary' | 'keyLabel' | 'secondaryLabel'>;
  entries: Array<Answer | string>;
}) {
  const { t } = useTranslation();
  const title = list.title ? t(list.title) : undefined;
  return (
    <List dense data-testid={list.testId} aria-label={title}>
      {entries.map((entry) => {
        const [primary, secondary] = entryTexts(list, entry, t);
        return (
          <ListItem key={`${secondary ?? ''} ${primary}`} disableGutters>
            <ListItemText primary={primary} secondary={secondary} />
          </ListItem>
        );
      })}
    </List>
  );
}

export function ImportPartView({
  part,
  reply,
  data,
  readPage,
  renderers,
  rowActions,
}: {
  part: ImportPart;
  reply: Answer;
  data: DialogData;
  readPage: ReadPage;
  renderers: Renderers;
  rowActions?: (row: Answer) => ReactNode;
}) {
  const { t } = useTranslation();
  const text = part.text ? textOf(part.text, reply, data) : null;
  const tableShown = part.table && (!part.table.when || Boolean(valueOf(part.table.when, reply, data)));
  return (
    <>
      {part.text && text && <Typography data-testid={part.text.testId}>{t(text[0], text[1])}</Typography>}
      {part.table && tableShown && (
        <ImportTable
          table={part.table}
          reply={reply}
          data={data}
          readPage={readPage}
          renderers={renderers}
          rowActions={rowActions}
        />
      )}
      {part.lists?.map((list) => {
        const entries = rowsOf(list.rows, reply, data);
        if (entries.length === 0) return null;
        return (
          <div key={list.testId}>
            {list.title && (
              <Typography sx={{ mt: 2 }} color="warning.main">
                {t(list.title)}
              </Typography>
            )}
            <EntryList list={list} entries={entries} />
          </div>
        );
      })}
    </>
  );
}
