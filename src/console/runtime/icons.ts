// Icons the catalogue may name (`icon:` of tiles and actions). A fixed map, because importing the
// whole icon set by name would put thousands of icons in the bundle.
import Add from '@mui/icons-material/Add';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Apps from '@mui/icons-material/Apps';
import Apartment from '@mui/icons-material/Apartment';
import ArrowBack from '@mui/icons-material/ArrowBack';
import BugReport from '@mui/icons-material/BugReport';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import Info from '@mui/icons-material/InfoOutlined';
import LockOpen from '@mui/icons-material/LockOpen';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import OpenInNew from '@mui/icons-material/OpenInNew';
import People from '@mui/icons-material/People';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PersonOff from '@mui/icons-material/PersonOff';
import PersonRemove from '@mui/icons-material/PersonRemove';
import EditNote from '@mui/icons-material/EditNote';
import Refresh from '@mui/icons-material/Refresh';
import Save from '@mui/icons-material/Save';
import Send from '@mui/icons-material/Send';
import Settings from '@mui/icons-material/Settings';
import Sms from '@mui/icons-material/Sms';
import Star from '@mui/icons-material/Star';
import ToggleOff from '@mui/icons-material/ToggleOff';
import ToggleOn from '@mui/icons-material/ToggleOn';
import Upload from '@mui/icons-material/Upload';
import ViewModule from '@mui/icons-material/ViewModule';
import MenuBook from '@mui/icons-material/MenuBook';
import Schedule from '@mui/icons-material/Schedule';
import Chat from '@mui/icons-material/ChatOutlined';
import History from '@mui/icons-material/History';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Stop from '@mui/icons-material/Stop';
import type { SvgIconComponent } from '@mui/icons-material';

export const icons: Readonly<Record<string, SvgIconComponent>> = {
  Add,
  AdminPanelSettings,
  Apps,
  Apartment,
  ArrowBack,
  BugReport,
  CalendarMonth,
  Close,
  Delete,
  Download,
  Edit,
  Info,
  LockOpen,
  MonitorHeart,
  OpenInNew,
  People,
  PersonAdd,
  PersonOff,
  PersonRemove,
  EditNote,
  Refresh,
  Save,
  Send,
  Settings,
  Sms,
  Star,
  ToggleOff,
  ToggleOn,
  Upload,
  ViewModule,
  MenuBook,
  Chat,
  Schedule,
  History,
  PlayArrow,
  Stop,
};

export function hasIcon(name: string | undefined): name is string {
  return name !== undefined && Object.prototype.hasOwnProperty.call(icons, name);
}
