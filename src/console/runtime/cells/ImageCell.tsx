// Cell renderer `image`: a small thumbnail of an uploaded file path.
import { Avatar } from '@mui/material';
import { resourceUrl } from '../../api/client.ts';
import type { CellProps } from './types.ts';

export function imageSrc(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return /^(https?:|data:)/.test(value) ? value : value.startsWith('/') ? resourceUrl(value) : value;
}

export default function ImageCell({ value }: CellProps) {
  return <Avatar variant="rounded" src={imageSrc(value)} sx={{ width: 32, height: 32 }} />;
}
