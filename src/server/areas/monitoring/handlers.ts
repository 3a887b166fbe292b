// System monitoring (docs/adr/0059-system-monitoring.md, docs/adr/0062-performance-monitor.md): online users, the server charts, the performance and pool monitors.
import type { Handler } from '../handler.ts';
import { forceOffline, listOnline } from './online-users.ts';
import { history, newestSample } from './server-charts.ts';
import { perfExport, perfInfo, perfMenu } from './perf-monitor.ts';
import { poolStatus } from './pool-monitor.ts';

export const monitoringHandlers: Record<string, Handler> = {
  'monitoring.onlines': listOnline,
  'monitoring.offline': forceOffline,
  'monitoring.history': history,
  'monitoring.sample': newestSample,
  'monitoring.perfMenu': perfMenu,
  'monitoring.perfInfo': perfInfo,
  'monitoring.perfExport': perfExport,
  'monitoring.pool': poolStatus,
};
