// One part of a panel screen (docs/adr/0157-task-runtime-in-yaml.md): its heading, then its facts (a
// definition list of the facts that have a value), text line and table (as an import dialog draws them), a read-only form whose JSON
// Schema the answer holds, and a value drawn by a registered cell renderer (the process diagram).
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelFact, PanelPart } from '../../../core/catalogue/panel-screen.ts';
import type { Renderers } from '../cells/useCellRenderers.ts';
import { ImportPartView } from '../import/ImportPartView.tsx';
import { rowsOf, valueOf, type Answer } from '../import/import-values.ts';
import { factText } from './fact-text.ts';
import { ReplyForm } from './ReplyForm.tsx';

const NO_DATA = {};
const empty = (value: unknown) => value === undefined || value === null || value === '';
const noPages = () => Promise.resolve(undefined);

function FactValue({ fact, reply, renderers }: { fact: PanelFact; reply: Answer; renderers: Renderers }) {
  const { t } = useTranslation();
  const value = valueOf(fact.value, reply, NO_DATA);
  const Render = fact.render ? renderers[fact.render] : undefined;
  if (Render) return <Render value={value} row={reply} schema={{}} />;
  return <>{factText(fact, value, fact.aside ? valueOf(fact.aside, reply, NO_DATA) : undefined, t)}</>;
}

/** A fact is shown while its `when` holds and it has a value (or an aside); a joined list always
 *  (its `empty` says there is nothing). */
const shown = (fact: PanelFact, reply: Answer) =>
  (!fact.when || Boolean(valueOf(fact.when, reply, NO_DATA))) &&
  (Boolean(fact.join) ||
    !empty(valueOf(fact.value, reply, NO_DATA)) ||
    (fact.aside !== undefined && !empty(valueOf(fact.aside, reply, NO_DATA))));

function Facts({ facts, reply, renderers }: { facts: PanelFact[]; reply: Answer; renderers: Renderers }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {/* A fact without a value (no open task of the caller's) is left out. */}
      {facts
        .filter((fact) => shown(fact, reply))
        .map((fact) => (
          <Box key={fact.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(fact.label)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, overflowWrap: 'anywhere' }}
              data-testid={fact.testId}
            >
              <FactValue fact={fact} reply={reply} renderers={renderers} />
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

export function PanelPartView({
  part,
  reply,
  renderers,
  rowActions,
  children,
}: {
  part: PanelPart;
  reply: Answer;
  renderers: Renderers;
  /** The buttons of a table row (the table's `actions`, useRowActions.tsx). */
  rowActions?: (row: Answer) => ReactNode;
  /** Drawn after the part's content: the buttons of the actions it lists. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (part.when && !valueOf(part.when, reply, NO_DATA)) return null;
  const Render = part.render ? renderers[part.render.name] : undefined;
  const schema = part.form ? valueOf(part.form.schema, reply, NO_DATA) : undefined;
  return (
    <Box component="section" data-testid={part.testId} aria-label={part.title ? t(part.title) : undefined}>
      {part.title && (
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {t(part.title)}
        </Typography>
      )}
      {part.facts && <Facts facts={part.facts} reply={reply} renderers={renderers} />}
      {(part.text || part.table) && (
        <ImportPartView
          part={{ text: part.text, table: part.table }}
          reply={reply}
          data={NO_DATA}
          readPage={noPages}
          renderers={renderers}
          rowActions={rowActions}
        />
      )}
      {part.form && schema !== null && typeof schema === 'object' && (
        <ReplyForm
          idPrefix={part.testId ?? 'panel'}
          schema={schema as Answer}
          uiSchema={(part.form.ui ? valueOf(part.form.ui, reply, NO_DATA) : undefined) as Answer | undefined}
          data={(valueOf(part.form.data, reply, NO_DATA) ?? {}) as Answer}
        />
      )}
      {part.lines && (
        <Typography component="div" sx={{ fontFamily: 'monospace', fontSize: 13 }} data-testid={part.lines.testId}>
          {rowsOf(part.lines.rows, reply, NO_DATA).map((row, i) => (
            <div key={i}>{t(part.lines!.label, row)}</div>
          ))}
        </Typography>
      )}
      {part.render && Render && <Render value={valueOf(part.render.value, reply, NO_DATA)} row={reply} schema={{}} />}
      {children}
    </Box>
  );
}
