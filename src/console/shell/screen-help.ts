// Which help the header offers: on a page with tabs, the open tab's own (the screen it embeds, when
// that has `help`), named after the tab; else the screen's. A tab frame keeps its choice in `view`,
// a form in `tab` (useFormTabs); with none chosen yet the screen's own help speaks for its first tab.
import type { ConsoleCatalogue } from '../../core/catalogue/types.ts';
import type { ConsoleScreen } from '../runtime/screen-types.ts';

export type ScreenHelp = Pick<ConsoleScreen, 'title' | 'help'>;

export function helpOf(
  screen: ConsoleScreen | undefined,
  query: URLSearchParams,
  screens: ConsoleCatalogue['screens'],
): ScreenHelp | undefined {
  if (!screen) return undefined;
  const tabs = screen.kind === 'form' || screen.kind === 'tabs' ? (screen.tabs ?? []) : [];
  const chosen = query.get(screen.kind === 'tabs' ? 'view' : 'tab');
  const tab = tabs.find((t) => t.id === chosen);
  const embedded = tab?.screen ? (screens[tab.screen] as ConsoleScreen | undefined) : undefined;
  if (tab && embedded?.help) return { title: tab.label, help: embedded.help };
  return screen.help ? screen : undefined;
}
