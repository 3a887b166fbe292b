// Draws an icon named in the catalogue (tiles, actions); an unknown name draws nothing.
import type { SvgIconProps } from '@mui/material';
import { hasIcon, icons } from './icons.ts';

export function CatalogueIcon({ name, ...props }: { name?: string } & SvgIconProps) {
  if (!hasIcon(name)) return null;
  const Icon = icons[name];
  return <Icon {...props} />;
}
