// Runs the code-defined migrations (db/migrations/, in name order) at start.
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './schema.ts';
import * as foundation from './migrations/0001-foundation.ts';
import * as domainListOrder from './migrations/0002-domain-list-order.ts';
import * as passwordPolicy from './migrations/0004-password-policy.ts';
import * as fieldExtends from './migrations/0003-field-extends.ts';
import * as maintenanceJobs from './migrations/0006-maintenance-jobs.ts';
import * as passwordNotices from './migrations/0005-password-notices.ts';
import * as builtinOfficers from './migrations/0007-builtin-officers.ts';
import * as superuserLanguage from './migrations/0008-superuser-language.ts';
import * as rateLimitHits from './migrations/0009-rate-limit-hits.ts';
import * as organisation from './migrations/0010-organisation.ts';
import * as usersOrderIndex from './migrations/0011-users-order-index.ts';
import * as userSearchAndCounts from './migrations/0012-user-search-and-counts.ts';
import * as applications from './migrations/0013-applications.ts';
import * as openApi from './migrations/0014-open-api.ts';
import * as knowledgeManagement from './migrations/0015-knowledge-management.ts';
import * as changeNotices from './migrations/0016-change-notices.ts';
import * as workflowEngine from './migrations/0017-workflow-engine.ts';
import * as flowAnalytics from './migrations/0018-flow-analytics.ts';
import * as taskMessages from './migrations/0019-task-messages.ts';
import * as flowListSearch from './migrations/0020-flow-list-search.ts';
import * as cloudAccounts from './migrations/0021-cloud-accounts.ts';
import * as serverSamples from './migrations/0026-server-samples.ts';
import * as workCalendars from './migrations/0022-work-calendars.ts';
import * as operationLog from './migrations/0023-operation-log.ts';
import * as timedTasks from './migrations/0024-timed-tasks.ts';
import * as mailSettings from './migrations/0025-mail-settings.ts';
import * as directorySync from './migrations/0027-directory-sync.ts';
import * as docSignins from './migrations/0030-doc-signins.ts';
import * as docSigninSession from './migrations/0032-doc-signin-session.ts';
import * as flowListOrder from './migrations/0034-flow-list-order.ts';
import * as flowListNotices from './migrations/0036-flow-list-notices.ts';
import * as flowFigureDays from './migrations/0037-flow-figure-days.ts';
import * as logChainHeads from './migrations/0038-log-chain-heads.ts';
import * as flowStateNodes from './migrations/0039-flow-state-nodes.ts';
import * as storeTenant from './migrations/0040-store-tenant.ts';
import * as shortFragmentSearch from './migrations/0041-short-fragment-search.ts';
import * as nodeApprovers from './migrations/0042-node-approvers.ts';
import * as flowJobs from './migrations/0043-flow-jobs.ts';
import * as flowListAndLogPlans from './migrations/0044-flow-list-and-log-plans.ts';
import * as callActivities from './migrations/0045-call-activities.ts';
import * as logPagesKept from './migrations/0046-log-pages-kept.ts';
import * as targetNameNotices from './migrations/0072-target-name-notices.ts';
import * as startTimers from './migrations/0047-start-timers.ts';
import * as multiInstanceSubProcesses from './migrations/0048-multi-instance-sub-processes.ts';
import * as waitingLabels from './migrations/0049-waiting-labels.ts';
import * as startTimerSuspension from './migrations/0051-start-timer-suspension.ts';
import * as searchGramsCost from './migrations/0052-search-grams-cost.ts';
import * as interruptedHistory from './migrations/0053-interrupted-history.ts';
import * as conditionsHeld from './migrations/0054-conditions-held.ts';
import * as nestedLoopInstances from './migrations/0055-nested-loop-instances.ts';
import * as userListStamps from './migrations/0056-user-list-stamps.ts';
import * as multiInstanceOutputs from './migrations/0059-multi-instance-outputs.ts';
import * as userTotals from './migrations/0060-user-totals.ts';
import * as loopOutputs from './migrations/0061-loop-outputs.ts';
import * as logOperatorNames from './migrations/0062-log-operator-names.ts';
import * as taskLocals from './migrations/0063-task-locals.ts';
import * as userReferenceIndexes from './migrations/0065-user-reference-indexes.ts';
import * as instanceLocals from './migrations/0067-instance-locals.ts';
import * as startDaysAndOperatorLookup from './migrations/0069-start-days-and-operator-lookup.ts';
import * as messageCorrelationKeys from './migrations/0070-message-correlation-keys.ts';
import * as namePiecesForLargeTenants from './migrations/0071-name-pieces-for-large-tenants.ts';
import * as imSettings from './migrations/0028-im-settings.ts';
import * as imAppAgents from './migrations/0031-im-app-agents.ts';

// Listed in code rather than read from the folder, so bundling or a renamed file cannot skip one.
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-domain-list-order': domainListOrder,
  '0004-password-policy': passwordPolicy,
  '0003-field-extends': fieldExtends,
  '0006-maintenance-jobs': maintenanceJobs,
  '0005-password-notices': passwordNotices,
  '0007-builtin-officers': builtinOfficers,
  '0008-superuser-language': superuserLanguage,
  '0009-rate-limit-hits': rateLimitHits,
  '0010-organisation': organisation,
  '0011-users-order-index': usersOrderIndex,
  '0012-user-search-and-counts': userSearchAndCounts,
  '0013-applications': applications,
  '0014-open-api': openApi,
  '0015-knowledge-management': knowledgeManagement,
  '0016-change-notices': changeNotices,
  '0017-workflow-engine': workflowEngine,
  '0018-flow-analytics': flowAnalytics,
  '0019-task-messages': taskMessages,
  '0020-flow-list-search': flowListSearch,
  '0021-cloud-accounts': cloudAccounts,
  '0026-server-samples': serverSamples,
  '0022-work-calendars': workCalendars,
  '0023-operation-log': operationLog,
  '0024-timed-tasks': timedTasks,
  '0025-mail-settings': mailSettings,
  '0027-directory-sync': directorySync,
  '0030-doc-signins': docSignins,
  '0034-flow-list-order': flowListOrder,
  '0028-im-settings': imSettings,
  '0031-im-app-agents': imAppAgents,
  '0032-doc-signin-session': docSigninSession,
  '0036-flow-list-notices': flowListNotices,
  '0037-flow-figure-days': flowFigureDays,
  '0038-log-chain-heads': logChainHeads,
  '0039-flow-state-nodes': flowStateNodes,
  '0040-store-tenant': storeTenant,
  '0041-short-fragment-search': shortFragmentSearch,
  '0042-node-approvers': nodeApprovers,
  '0043-flow-jobs': flowJobs,
  '0044-flow-list-and-log-plans': flowListAndLogPlans,
  '0045-call-activities': callActivities,
  '0046-log-pages-kept': logPagesKept,
  '0047-start-timers': startTimers,
  '0048-multi-instance-sub-processes': multiInstanceSubProcesses,
  '0049-waiting-labels': waitingLabels,
  '0051-start-timer-suspension': startTimerSuspension,
  '0052-search-grams-cost': searchGramsCost,
  '0053-interrupted-history': interruptedHistory,
  '0054-conditions-held': conditionsHeld,
  '0055-nested-loop-instances': nestedLoopInstances,
  '0056-user-list-stamps': userListStamps,
  '0059-multi-instance-outputs': multiInstanceOutputs,
  '0060-user-totals': userTotals,
  '0061-loop-outputs': loopOutputs,
  '0062-log-operator-names': logOperatorNames,
  '0063-task-locals': taskLocals,
  '0065-user-reference-indexes': userReferenceIndexes,
  '0067-instance-locals': instanceLocals,
  '0069-start-days-and-operator-lookup': startDaysAndOperatorLookup,
  '0070-message-correlation-keys': messageCorrelationKeys,
  '0071-name-pieces-for-large-tenants': namePiecesForLargeTenants,
  '0072-target-name-notices': targetNameNotices,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which: another schema of the
  // same database holding them (a second installation, a test run) would make it skip creating ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0].schema;
  // Migrations written in parallel can land out of number order (0006 after 0007): a database that
  // already ran a later one still runs an earlier newcomer instead of refusing to start.
  const { error, results } = await new Migrator({
    db,
    provider,
    migrationTableSchema,
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `migration ${failed?.migrationName ?? ''} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`,
      { cause: error },
    );
  }
}

/** Names of all migrations, so a prepared test snapshot knows when it is stale. */
export const migrationNames = Object.keys(migrations);
