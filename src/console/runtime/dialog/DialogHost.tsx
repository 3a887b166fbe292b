// Shows a dialog of the console registry by name: loads its module lazily (with the 120-second
// limit), shows a spinner meanwhile, and hands it the opener's data. The shell provides it to
// OpenDialog.tsx; nothing else imports it (docs/adr/0102-no-import-cycles.md).
import { Suspense } from 'react';
import { Backdrop, CircularProgress } from '@mui/material';
import { dialogs } from '../../registry.ts';
import { LoadedDefault } from '../../shell/LoadedDefault.tsx';
import type { DialogPluginProps } from './types.ts';
import type { DialogHostProps } from './OpenDialog.tsx';

export function DialogHost({ name, ...props }: DialogHostProps) {
  const loader = dialogs[name];
  return (
    <Suspense
      fallback={
        <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
          <CircularProgress color="inherit" />
        </Backdrop>
      }
    >
      <LoadedDefault<DialogPluginProps> loader={loader} props={props} />
    </Suspense>
  );
}
