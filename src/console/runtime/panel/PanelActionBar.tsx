// A row of a panel's action buttons (docs/adr/0157-task-runtime-in-yaml.md), above the parts or in the
// part that lists them (docs/adr/0160-open-api-in-yaml.md), with the last answer of one of them that
// has a `result`: its message, a success while its `ok` field holds, and the entries of its list. An
// action whose `needs` are unmet is disabled; `lead` (the panel's choice) goes before the buttons.
import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PanelAction } from '../../../core/catalogue/panel-screen.ts';
import { CatalogueIcon } from '../CatalogueIcon.tsx';
import type { Answer } from '../import/import-values.ts';

export interface ActionBarProps {
  actions: PanelAction[];
  testId: string;
  running: string | null;
  said: { id: string; answer: Answer } | null;
  onRun: (action: PanelAction) => void;
  blocked?: (action: PanelAction) => boolean;
  lead?: ReactNode;
}

function Said({ action, answer, testId }: { action: PanelAction; answer: Answer; testId: string }) {
  const { t } = useTranslation();
  const result = action.result!;
  const rows = result.list ? answer[result.list.rows] : undefined;
  const entries = Array.isArray(rows) ? (rows as Answer[]) : [];
  return (
    <Alert severity={!result.ok || answer[result.ok] ? 'success' : 'warning'} data-testid={`${testId}-result`}>
      {String(answer[result.message] ?? '')}
      {result.list && entries.length > 0 && (
        <ul aria-label={t(result.list.label)} style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {entries.map((entry, i) => (
            <li key={i}>{String(entry[result.list!.field] ?? '')}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

export function PanelActionBar({ actions, testId, running, said, onRun, blocked, lead }: ActionBarProps) {
  const { t } = useTranslation();
  const saying = said ? actions.find((a) => a.id === said.id && a.result) : undefined;
  if (actions.length === 0 && !lead) return null;
  return (
    <Stack spacing={1} sx={{ my: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {lead}
        {actions.map((action) => (
          <Button
            key={action.id}
            variant="outlined"
            startIcon={action.icon ? <CatalogueIcon name={action.icon} /> : undefined}
            onClick={() => onRun(action)}
            loading={running === action.id}
            disabled={(running !== null && running !== action.id) || Boolean(blocked?.(action))}
            data-testid={`${testId}-${action.id}`}
          >
            {t(action.label)}
          </Button>
        ))}
      </Stack>
      {saying && said && <Said action={saying} answer={said.answer} testId={testId} />}
    </Stack>
  );
}
