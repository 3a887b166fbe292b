import type { ScreenDef, TreeScreen } from '../../../core/catalogue/types.ts';

export type TreeScreenDef = TreeScreen & Omit<ScreenDef, 'origin' | 'kind'> & { id: string };

/** Where a lazily loaded tree reads its levels and which node fields it shows: a tree screen, or a
 *  fixed tree of the runtime's own (the user picker's departments). */
export type TreeSource = Pick<TreeScreen, 'root' | 'children' | 'nodeParam' | 'node'>;
export type TreeNodeFields = TreeScreen['node'];
