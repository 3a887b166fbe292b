// What a route tells the console's router (ConsoleRouter.tsx): the screen it shows (header title,
// breadcrumb, help) and the gate that decides, before the page changes, whether and where it opens.
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import type { Gate } from './route-gate.ts';

export interface RouteHandle {
  screen?: ConsoleScreen;
  gate: Gate;
  /** A form's record key: a change of it in the query runs the gate again; other query changes (a
   *  list's page, search…) do not change the gate's answer and reach the screen at once. */
  recordKey?: string;
}
