// What MUI's Tooltip renders its bubble with (vite.config.ts points Tooltip's `../Popper` import here): MUI's
// Popper and Popper.js, fetched when a tooltip first opens rather than with the first page
// (docs/adr/0131-first-load-split.md). A closed tooltip renders no popper at all, so nothing is missing
// until then; the first bubble shows once the module has arrived, every later one at once.
import type { PopperProps } from '@mui/material/Popper';
import { forwardRef, useEffect, useState, type ComponentType, type Ref } from 'react';

type Popper = ComponentType<PopperProps & { ref?: Ref<HTMLDivElement> }>;

let loaded: Popper | undefined;
let loading: Promise<Popper> | undefined;

function loadPopper(): Promise<Popper> {
  loading ??= import('@mui/material/Popper').then(
    (module) => (loaded = module.default as Popper),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const LazyPopper = forwardRef<HTMLDivElement, PopperProps>(function LazyPopper(props, ref) {
  const [Real, setReal] = useState<Popper | undefined>(() => loaded);
  useEffect(() => {
    if (Real || !props.open) return;
    let current = true;
    loadPopper().then(
      (popper) => current && setReal(() => popper),
      () => undefined, // the next opening tries again
    );
    return () => {
      current = false;
    };
  }, [Real, props.open]);
  return Real ? <Real ref={ref} {...props} /> : null;
});

export default LazyPopper;
