// Opens a dialog of the console registry by name: loads its module lazily (with the 120-second
// limit), shows a spinner meanwhile, and hands it the opener's data.
import { Suspense } from 'react';
import { Backdrop, CircularProgress } from '@mui/material';
import { dialogs } from '../../registry.ts';
import { LoadedDefault } from '../../shell/LoadedDefault.tsx';
import type { DialogPluginProps } from './types.ts';

export function DialogHost({ name, ...props }: { name: string } & DialogPluginProps) {
  const loader = dialogs[name];
  if (!loader) throw new Error(`dialog "${name}" is not registered in the console (src/console/registry.ts dialogs)`);
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
