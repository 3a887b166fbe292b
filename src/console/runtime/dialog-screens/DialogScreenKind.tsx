// Screen kinds `checklist` and `job` (docs/adr/0154-dialog-screen-kinds.md): drawn in a dialog by the
// action naming them (`dialog:`); `atrium check` refuses a route or tab naming one, so reaching this
// is a catalogue the checks did not pass.
import type { ScreenProps } from '../../shell/ScreenHost.tsx';

export default function DialogScreenKind({ screen }: ScreenProps): never {
  throw new Error(`screen "${screen.id}" is a dialog screen: an action opens it (dialog: ${screen.id})`);
}
