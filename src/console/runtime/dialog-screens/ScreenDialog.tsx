// Draws a dialog screen (kind checklist, job, rows or record, docs/adr/0154-dialog-screen-kinds.md) that a list
// action's `dialog:` names, with the data the action hands over.
import type { DialogScreen } from '../../../core/catalogue/types.ts';
import { DIALOG_SCREEN_KINDS } from '../../../core/catalogue/dialog-screens.ts';
import { useCatalogue } from '../catalogue-context.ts';
import type { DialogPluginProps } from '../dialog/types.ts';
import { ChecklistDialog } from './ChecklistDialog.tsx';
import { JobDialog } from './JobDialog.tsx';
import { RecordDialog } from './RecordDialog.tsx';
import { RowsDialog } from './RowsDialog.tsx';

type Screen = DialogScreen & { id: string; title: string };

/** The dialog screen a `dialog:` name stands for, if it names one (else a registered dialog). */
export function useDialogScreen(name: string | undefined): Screen | undefined {
  const screen = useCatalogue().screens[name ?? ''] as unknown as Screen | undefined;
  return screen && DIALOG_SCREEN_KINDS.has(screen.kind) ? screen : undefined;
}

export function ScreenDialog({ screen, ...props }: DialogPluginProps & { screen: Screen }) {
  if (screen.kind === 'checklist') return <ChecklistDialog screen={screen} {...props} />;
  if (screen.kind === 'rows') return <RowsDialog screen={screen} {...props} />;
  if (screen.kind === 'record') return <RecordDialog screen={screen} {...props} />;
  return <JobDialog screen={screen} {...props} />;
}
