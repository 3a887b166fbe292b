// What a matched route tells the layout (header title, breadcrumb, help).
import type { ConsoleScreen } from '../runtime/screen-types.ts';

export interface RouteHandle {
  screen: ConsoleScreen;
}
