// Screen kind `import` (docs/adr/0141-import-with-preview-screen.md): an import screen is drawn in a
// dialog by the action naming it (`import:`), with the row or form it acts on; `atrium check` refuses a
// route or tab naming one, so reaching this is a catalogue the checks did not pass.
import type { ScreenProps } from '../../shell/ScreenHost.tsx';

export default function ImportScreen({ screen }: ScreenProps): never {
  throw new Error(`screen "${screen.id}" is an import screen: an action opens it in a dialog (import: ${screen.id})`);
}
