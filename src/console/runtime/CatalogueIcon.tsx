// Draws an icon named in the catalogue (tiles, actions); an unknown name draws nothing. The icon's file is
// fetched when first drawn (icons.ts); until it arrives an empty icon of the same size holds its place.
import { SvgIcon, type SvgIconProps } from '@mui/material';
import { createElement, useEffect, useState } from 'react';
import { hasIcon, loadedIcon, loadIcon } from './icons.ts';

export function CatalogueIcon({ name, ...props }: { name?: string } & SvgIconProps) {
  const [, arrived] = useState(0);
  const known = hasIcon(name);
  const Icon = known ? loadedIcon(name) : undefined;
  useEffect(() => {
    if (!known || Icon) return;
    let current = true;
    loadIcon(name).then(
      () => current && arrived((n) => n + 1),
      () => undefined, // drawn empty; the next drawing tries again
    );
    return () => {
      current = false;
    };
  }, [known, Icon, name]);
  if (!known) return null;
  return Icon ? createElement(Icon, props) : <SvgIcon {...props} />;
}
