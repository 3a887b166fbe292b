// Every hand-written handler, keyed by catalogue call id. Importable without side effects: the
// generator reads it to check that each call has a handler and each handler a call.
import type { Handler } from './handler.ts';
import { authHandlers } from './auth/handlers.ts';
import { domainHandlers } from './domains/handlers.ts';
import { metaHandlers } from './meta/handlers.ts';
import { superuserHandlers } from './superusers/handlers.ts';
import { lookupHandlers } from './lookups/handlers.ts';
import { smsHandlers } from './sms/handlers.ts';
import { uploadHandlers } from './uploads/handlers.ts';
import { maintenanceHandlers } from './maintenance/handlers.ts';
import { messagingHandlers } from './messaging/handlers.ts';
import { directoryHandlers } from './directory/handlers.ts';
import { configHandlers } from './config/handlers.ts';
import { fieldExtendHandlers } from './field-extends/handlers.ts';
import { messageHandlers } from './messages/handlers.ts';
import { noticeHandlers } from './notices/handlers.ts';
import { transferHandlers } from './transfer/handlers.ts';
import { departmentHandlers } from './departments/handlers.ts';
import { userHandlers } from './users/handlers.ts';
import { domainAdminHandlers } from './domain-admins/handlers.ts';
import { applicationHandlers } from './applications/handlers.ts';
import { domainApplicationHandlers } from './domain-applications/handlers.ts';
import { roleHandlers } from './roles/handlers.ts';
import { permissionHandlers } from './permissions/handlers.ts';
import { openApiHandlers } from './open-api/handlers.ts';
import { cloudCenterHandlers } from './cloud-center/handlers.ts';
import { runtimeHandlers } from './runtime/handlers.ts';
import { taskViewHandlers } from './runtime/task-views.ts';
import { waitHandlers } from './runtime/wait-handlers.ts';
import { flowHandlers } from './flows/handlers.ts';
import { knowledgeHandlers } from './knowledge/handlers.ts';
import { flowAnalyticsHandlers } from './flow-analytics/handlers.ts';
import { monitoringHandlers } from './monitoring/handlers.ts';
import { apiDocsHandlers } from './api-docs/handlers.ts';
import { calendarHandlers } from './calendars/handlers.ts';
import { operationLogHandlers } from './operation-log/handlers.ts';
import { mailSettingsHandlers } from './mail-settings/handlers.ts';
import { imHandlers } from './im/handlers.ts';
import { imSyncHandlers } from './im/sync-handlers.ts';
import { imAppAgentHandlers } from './im/app-agent-handlers.ts';
import { imEntryHandlers } from './im/entry-handlers.ts';
import { timedTaskHandlers } from './timed-tasks/handlers.ts';
import { directorySyncHandlers } from './directory-sync/handlers.ts';

export type { Handler, HandlerContext } from './handler.ts';
export { STORE_PREFIX, storeOperation } from './store/store-handler.ts';

export const handlers: Record<string, Handler> = {
  ...authHandlers,
  ...metaHandlers,
  ...domainHandlers,
  ...superuserHandlers,
  ...lookupHandlers,
  ...uploadHandlers,
  ...smsHandlers,
  ...maintenanceHandlers,
  ...messagingHandlers,
  ...directoryHandlers,
  ...configHandlers,
  ...fieldExtendHandlers,
  ...messageHandlers,
  ...noticeHandlers,
  ...transferHandlers,
  ...departmentHandlers,
  ...userHandlers,
  ...domainAdminHandlers,
  ...applicationHandlers,
  ...domainApplicationHandlers,
  ...roleHandlers,
  ...permissionHandlers,
  ...openApiHandlers,
  ...cloudCenterHandlers,
  ...runtimeHandlers,
  ...taskViewHandlers,
  ...waitHandlers,
  ...flowHandlers,
  ...knowledgeHandlers,
  ...flowAnalyticsHandlers,
  ...monitoringHandlers,
  ...apiDocsHandlers,
  ...calendarHandlers,
  ...operationLogHandlers,
  ...mailSettingsHandlers,
  ...imHandlers,
  ...imSyncHandlers,
  ...imAppAgentHandlers,
  ...imEntryHandlers,
  ...timedTaskHandlers,
  ...directorySyncHandlers,
};
