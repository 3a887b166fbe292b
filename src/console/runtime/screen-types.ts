// Narrowed catalogue screen types the runtime components work with.
import type { FormScreen, ListScreen, ScreenDef } from '../../core/catalogue/types.ts';

type Meta = Omit<ScreenDef, 'origin' | 'kind'>;
export type ListScreenDef = ListScreen & Meta & { id: string };
export type FormScreenDef = FormScreen & Meta & { id: string };
export type Row = Record<string, unknown>;

/** A screen as the server sends it (no origin), still a discriminated union on `kind`. */
export type ConsoleScreen = ScreenDef extends infer S ? (S extends unknown ? Omit<S, 'origin'> : never) : never;
