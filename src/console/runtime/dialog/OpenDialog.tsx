// Opens a dialog by its typed name through the host the shell provides (shell/App.tsx), so that
// screens, widgets and plugins never import the host and the registry behind it
// (docs/adr/0102-no-import-cycles.md).
import { createContext, useContext, type ReactNode } from 'react';
import type { DialogName } from './dialog-names.ts';
import type { DialogPluginProps } from './types.ts';

export type DialogHostProps = { name: DialogName } & DialogPluginProps;

/** Draws the named dialog (the shell's DialogHost). */
export type ShowDialog = (props: DialogHostProps) => ReactNode;

export const DialogHostContext = createContext<ShowDialog | null>(null);

export function OpenDialog(props: DialogHostProps) {
  const show = useContext(DialogHostContext);
  if (!show) throw new Error('no dialog host: the shell provides one (shell/App.tsx)');
  return show(props);
}
