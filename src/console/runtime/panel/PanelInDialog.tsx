// A panel screen drawn inside a dialog (docs/adr/0162-table-row-actions.md): its route values are the
// dialog's data (the opened row's fields), the dialog is its frame, and its row actions say their
// outcome in the dialog's message bar. A plugin's dialog embeds the catalogue's panel this way instead
// of drawing tables and buttons of its own.
import { useMemo } from 'react';
import type { PanelScreen } from '../../../core/catalogue/panel-screen.ts';
import { useCatalogue } from '../catalogue-context.ts';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';
import { Panel } from './PanelScreen.tsx';

export function PanelInDialog({
  screenId,
  data,
  messages,
}: {
  screenId: string;
  data: Record<string, string>;
  messages: DialogMessage;
}) {
  const screen = useCatalogue().screens[screenId] as { kind?: string } | undefined;
  const key = JSON.stringify(data);
  const context = useMemo(() => new URLSearchParams(JSON.parse(key) as Record<string, string>), [key]);
  if (screen?.kind !== 'panel') throw new Error(`screen "${screenId}" is not a panel screen`);
  return <Panel screen={screen as PanelScreen} context={context} messages={messages} />;
}
