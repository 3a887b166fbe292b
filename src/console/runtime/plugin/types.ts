// What a plugin component receives from the screen that names it.
import type { ConsoleScreen } from '../screen-types.ts';

export interface PluginProps {
  screen: ConsoleScreen;
  props: Record<string, unknown>;
}
