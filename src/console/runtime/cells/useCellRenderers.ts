// The cell renderers a list names, loaded before the table draws.
import type { ComponentType } from 'react';
import { useConsoleRegistry } from '../registry-context.ts';
import { useRegistryDefaults } from '../useRegistryDefaults.ts';
import type { CellProps } from './types.ts';

export type Renderers = Record<string, ComponentType<CellProps>>;

export function useCellRenderers(names: Array<string | undefined>): Renderers | null {
  return useRegistryDefaults<ComponentType<CellProps>>('cell renderer', useConsoleRegistry().cellRenderers, names);
}
