// The console's one registry: exact names from the catalogue → lazily loaded modules. Plain data and
// `import()` thunks only, so the generator can import it in Node (no DOM) to check that the catalogue
// names only registered things.

import type { DialogName } from './runtime/dialog/dialog-names.ts';
import { registry, type ModuleLoader, type Registry } from './registry-map.ts';

/** Screen kinds: each module's default export renders a catalogue screen of that kind. */
export const screenKinds = registry('screen kind', [
  ['list', () => import('./runtime/list/ListScreen.tsx')],
  ['form', () => import('./runtime/form/FormScreen.tsx')],
  ['tiles', () => import('./runtime/tiles/TilesScreen.tsx')],
  ['plugin', () => import('./runtime/plugin/PluginScreen.tsx')],
  ['tree', () => import('./runtime/tree/TreeScreen.tsx')],
  ['tabs', () => import('./runtime/tabs/TabsScreen.tsx')],
  ['runs', () => import('./runtime/runs/RunsScreen.tsx')],
  ['charts', () => import('./runtime/charts/ChartsScreen.tsx')],
  ['import', () => import('./runtime/import/ImportScreen.tsx')],
  ['calendar', () => import('./runtime/calendar/CalendarScreen.tsx')],
  ['checklist', () => import('./runtime/dialog-screens/DialogScreenKind.tsx')],
  ['job', () => import('./runtime/dialog-screens/DialogScreenKind.tsx')],
  ['rows', () => import('./runtime/dialog-screens/DialogScreenKind.tsx')],
  ['record', () => import('./runtime/dialog-screens/DialogScreenKind.tsx')],
  ['master-detail', () => import('./runtime/master-detail/MasterDetailScreen.tsx')],
  ['checktrees', () => import('./runtime/checktrees/CheckTreesScreen.tsx')],
  ['panel', () => import('./runtime/panel/PanelScreen.tsx')],
]);

/** Hand-written screens, named by `plugin:` in a screen of kind plugin. */
export const plugins = registry('plugin', [
  ['login', () => import('./plugins/login/LoginPage.tsx')],
  ['perf-monitor', () => import('./plugins/monitoring/PerfMonitorPage.tsx')],
  ['api-docs', () => import('./plugins/api-docs/ApiDocsPage.tsx')],
]);

/** Plugins drawn on the whole page, without the header (the login page). */
export const fullPagePlugins: ReadonlySet<string> = new Set(['login']);

/** Table and card cell renderers, named by a column's `render:`. */
export const cellRenderers = registry('cell renderer', [
  ['status', () => import('./runtime/cells/StatusCell.tsx')],
  ['usernames', () => import('./runtime/cells/UsernamesCell.tsx')],
  ['image', () => import('./runtime/cells/ImageCell.tsx')],
  ['date', () => import('./runtime/cells/DateCell.tsx')],
  ['userType', () => import('./runtime/cells/UserTypeCell.tsx')],
  ['accountState', () => import('./runtime/cells/AccountStateCell.tsx')],
  ['summary', () => import('./runtime/cells/SummaryCell.tsx')],
  ['changes', () => import('./runtime/cells/ChangesCell.tsx')],
  ['json', () => import('./runtime/cells/JsonCell.tsx')],
  ['users', () => import('./runtime/cells/UsersCell.tsx')],
  ['process-diagram', () => import('./plugins/flow-monitor/diagram/DiagramCell.tsx')],
]);

/** Form widgets, named by a property's `x-widget` or a form field's `widget:`. */
export const widgets = registry('widget', [
  ['switch', () => import('./runtime/widgets/SwitchWidget.tsx')],
  ['textarea', () => import('./runtime/widgets/TextareaWidget.tsx')],
  ['password', () => import('./runtime/widgets/PasswordWidget.tsx')],
  ['icon', () => import('./runtime/widgets/IconWidget.tsx')],
  ['radio', () => import('./runtime/widgets/RadioWidget.tsx')],
  ['checkbox', () => import('./runtime/widgets/CheckboxWidget.tsx')],
  ['checkboxes', () => import('./runtime/widgets/CheckboxesWidget.tsx')],
  ['background', () => import('./runtime/widgets/BackgroundWidget.tsx')],
  ['select', () => import('./runtime/widgets/SelectWidget.tsx')],
  ['search-select', () => import('./runtime/widgets/SearchSelectWidget.tsx')],
  ['date', () => import('./runtime/widgets/DateWidget.tsx')],
  ['multiselect', () => import('./runtime/widgets/MultiSelectWidget.tsx')],
  ['user-picker', () => import('./runtime/widgets/UserPickerWidget.tsx')],
]);

/** Dialogs, named by an action's `dialog:`; each module's default export takes DialogPluginProps
 *  (runtime/dialog/types.ts). Code opens them by name through runtime/dialog/OpenDialog.tsx; typed by
 *  DialogName, so a name without its module (or a module without its name) does not compile. */
const dialogLoaders: Readonly<Record<DialogName, ModuleLoader>> = {
  'icon-picker': () => import('./plugins/icon-picker/IconPickerDialog.tsx'),
  upload: () => import('./runtime/import/UploadDialog.tsx'),
  'flow-detail': () => import('./plugins/flow-monitor/FlowDetailDialog.tsx'),
  'user-select': () => import('./runtime/user-picker/UserSelectDialog.tsx'),
};
export const dialogs: Registry = Object.freeze({ ...dialogLoaders });

/** Navigation guards, named by a route's `guards:`. */
export const guards = registry('guard', [
  ['departmentUserBlocked', () => import('./guards/department-user-blocked.ts')],
  ['onlyDomainUserToMain', () => import('./guards/only-domain-user-to-main.ts')],
]);
