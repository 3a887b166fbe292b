// Icons the catalogue may name (`icon:` of tiles and actions). A fixed map, because importing the
// whole icon set by name would put thousands of icons in the bundle. Each icon is its own file, fetched
// when first drawn (CatalogueIcon.tsx): the home page fetches its tiles' eight, not all of them
// (docs/adr/0145-first-load-tiles-decided-by-the-server.md).
import type { SvgIconComponent } from '@mui/icons-material';
import { loadModule } from '../shell/lazy-module.ts';

type IconModule = { default: SvgIconComponent };

const iconLoaders: Readonly<Record<string, () => Promise<IconModule>>> = {
  Add: () => import('@mui/icons-material/Add'),
  AdminPanelSettings: () => import('@mui/icons-material/AdminPanelSettings'),
  Apps: () => import('@mui/icons-material/Apps'),
  Apartment: () => import('@mui/icons-material/Apartment'),
  ArrowBack: () => import('@mui/icons-material/ArrowBack'),
  BugReport: () => import('@mui/icons-material/BugReport'),
  CalendarMonth: () => import('@mui/icons-material/CalendarMonth'),
  Close: () => import('@mui/icons-material/Close'),
  CloudOff: () => import('@mui/icons-material/CloudOff'),
  CloudUpload: () => import('@mui/icons-material/CloudUpload'),
  Delete: () => import('@mui/icons-material/Delete'),
  Download: () => import('@mui/icons-material/Download'),
  Edit: () => import('@mui/icons-material/Edit'),
  Info: () => import('@mui/icons-material/InfoOutlined'),
  Key: () => import('@mui/icons-material/Key'),
  LockOpen: () => import('@mui/icons-material/LockOpen'),
  Login: () => import('@mui/icons-material/Login'),
  MonitorHeart: () => import('@mui/icons-material/MonitorHeart'),
  OpenInNew: () => import('@mui/icons-material/OpenInNew'),
  People: () => import('@mui/icons-material/People'),
  PersonAdd: () => import('@mui/icons-material/PersonAdd'),
  PersonOff: () => import('@mui/icons-material/PersonOff'),
  PersonRemove: () => import('@mui/icons-material/PersonRemove'),
  EditNote: () => import('@mui/icons-material/EditNote'),
  Refresh: () => import('@mui/icons-material/Refresh'),
  Save: () => import('@mui/icons-material/Save'),
  Send: () => import('@mui/icons-material/Send'),
  Settings: () => import('@mui/icons-material/Settings'),
  Sms: () => import('@mui/icons-material/Sms'),
  Star: () => import('@mui/icons-material/Star'),
  ToggleOff: () => import('@mui/icons-material/ToggleOff'),
  ToggleOn: () => import('@mui/icons-material/ToggleOn'),
  Upload: () => import('@mui/icons-material/Upload'),
  ViewModule: () => import('@mui/icons-material/ViewModule'),
  MenuBook: () => import('@mui/icons-material/MenuBook'),
  Schedule: () => import('@mui/icons-material/Schedule'),
  Chat: () => import('@mui/icons-material/ChatOutlined'),
  History: () => import('@mui/icons-material/History'),
  PlayArrow: () => import('@mui/icons-material/PlayArrow'),
  Stop: () => import('@mui/icons-material/Stop'),
};

const loaded = new Map<string, SvgIconComponent>();

export function hasIcon(name: string | undefined): name is string {
  return name !== undefined && Object.prototype.hasOwnProperty.call(iconLoaders, name);
}

/** The icon when it has arrived already (later drawings are immediate). */
export function loadedIcon(name: string): SvgIconComponent | undefined {
  return loaded.get(name);
}

/** Fetches a known icon once (a failed fetch is tried again at the next drawing, lazy-module.ts). */
export async function loadIcon(name: string): Promise<SvgIconComponent> {
  const icon = (await loadModule<IconModule>(iconLoaders[name])).default;
  loaded.set(name, icon);
  return icon;
}
