import type { ScreenDef, TreeScreen } from '../../../core/catalogue/types.ts';

export type TreeScreenDef = TreeScreen & Omit<ScreenDef, 'origin' | 'kind'> & { id: string };
