// Runs every check: first the meta-schemas, then (only when every file has the right shape, since the
// reference checks read that shape) each kind of reference. Problems come back sorted by file.
import type { Check, CheckInput, Problem } from './problem.ts';
import { checkMetaSchemas } from './meta-schemas.ts';
import { checkDuplicates } from './duplicates.ts';
import { checkEntityReferences } from './entity-refs.ts';
import { checkEntityFields } from './entity-fields.ts';
import { checkCallReferences } from './call-refs.ts';
import { checkCallPaths } from './call-paths.ts';
import { checkCallEffects } from './call-effects.ts';
import { checkCallTargets } from './call-targets.ts';
import { checkCallOutcomes } from './call-outcomes.ts';
import { checkRouteReferences } from './route-refs.ts';
import { checkLabels } from './labels.ts';
import { checkRules } from './rules.ts';
import { checkRegistry } from './registry.ts';
import { checkHandlers } from './handlers.ts';
import { checkGeneratedTypes } from './generated-types.ts';
import { checkBoundedNumbers } from './bounded-numbers.ts';
import { checkRowClickActions } from './row-click.ts';
import { checkListDetail } from './list-detail.ts';
import { checkFormDialogs } from './form-dialogs.ts';
import { checkListSort } from './list-sort.ts';
import { checkCallArgs } from './call-args.ts';
import { checkPortablePatterns } from './portable-patterns.ts';
import { checkSecurityDoc } from './security-doc.ts';
import { checkCrudCalls } from './crud-calls.ts';
import { checkChartReads } from './chart-reads.ts';
import { checkImportScreens } from './import-screens.ts';
import { checkCalendarScreens } from './calendar-screens.ts';
import { checkDisabledOptions } from './disabled-options.ts';
import { checkUserPickerFields } from './user-picker-fields.ts';
import { checkDialogScreens } from './dialog-screens.ts';
import { checkPanelActions } from './panel-actions.ts';
import { checkMasterDetail } from './master-detail.ts';
import { checkPickAndTrees } from './check-trees.ts';
import { checkBatchActions } from './batch-actions.ts';
import { checkPanelAnswers } from './panel-answers.ts';
import { checkPanelReads } from './panel-reads.ts';
import { checkTableActions } from './table-actions.ts';
import { checkSharedParts } from './shared-parts.ts';
import { checkJoinedFacts } from './joined-facts.ts';
import { checkFieldsFrom } from './fields-from.ts';

export const REFERENCE_CHECKS: Check[] = [
  checkDuplicates,
  checkEntityReferences,
  checkEntityFields,
  checkCallReferences,
  checkCallPaths,
  checkCallEffects,
  checkCallTargets,
  checkCallOutcomes,
  checkRouteReferences,
  checkLabels,
  checkRules,
  checkRegistry,
  checkHandlers,
  checkGeneratedTypes,
  checkBoundedNumbers,
  checkRowClickActions,
  checkListDetail,
  checkFormDialogs,
  checkCallArgs,
  checkListSort,
  checkPortablePatterns,
  checkSecurityDoc,
  checkCrudCalls,
  checkChartReads,
  checkImportScreens,
  checkCalendarScreens,
  checkDisabledOptions,
  checkUserPickerFields,
  checkDialogScreens,
  checkPanelActions,
  checkMasterDetail,
  checkPickAndTrees,
  checkBatchActions,
  checkPanelAnswers,
  checkPanelReads,
  checkTableActions,
  checkSharedParts,
  checkJoinedFacts,
  checkFieldsFrom,
];

export interface CheckResult {
  problems: Problem[];
  /** False when meta-schema problems stopped the reference checks. */
  referencesChecked: boolean;
}

export function runChecks(input: CheckInput): CheckResult {
  const shape = checkMetaSchemas(input);
  if (shape.length) return { problems: sortProblems(shape), referencesChecked: false };
  return { problems: sortProblems(REFERENCE_CHECKS.flatMap((check) => check(input))), referencesChecked: true };
}

function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || comparePointers(a.pointer, b.pointer));
}

/** Orders /screens/2 before /screens/10. */
function comparePointers(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
