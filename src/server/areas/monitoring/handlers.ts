// System monitoring (issue 14, D59): online users and the server charts.
import type { Handler } from '../handler.ts';
import { forceOffline, listOnline } from './online-users.ts';
import { history, newestSample } from './server-charts.ts';

export const monitoringHandlers: Record<string, Handler> = {
  'monitoring.onlines': listOnline,
  'monitoring.offline': forceOffline,
  'monitoring.history': history,
  'monitoring.sample': newestSample,
};
