// The cell renderers a list names, loaded before the table draws.
import type { ComponentType } from 'react';
import { cellRenderers } from '../../registry.ts';
import { useRegistryDefaults } from '../useRegistryDefaults.ts';
import type { CellProps } from './types.ts';

export type Renderers = Record<string, ComponentType<CellProps>>;

export function useCellRenderers(names: Array<string | undefined>): Renderers | null {
  return useRegistryDefaults<ComponentType<CellProps>>('cell renderer', cellRenderers, names);
}
