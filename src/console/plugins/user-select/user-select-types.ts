// The user-selection dialog's shapes (platform-console §2 "User-selection dialog"; domain-console §3
// "User-selection query"): one dialog, two variants.

/** `platform`: tree + searchable table, pick with checkboxes. `workflow`: tabs by department / by role /
 *  query (the spec's query types 1, 2, 3), the picked users in a side table. */
export type UserSelectVariant = 'platform' | 'workflow';

/** The spec's query types of the workflow variant. */
export const QUERY_TYPES = { department: 1, role: 2, query: 3 } as const;
export type QueryTab = keyof typeof QUERY_TYPES;

export const PLATFORM_PAGE_SIZES = [10, 20, 50, 100];
/** The workflow variant pages by 10 (spec §9 "User selection page size"). */
export const WORKFLOW_PAGE_SIZE = 10;
/** Tree and table heights (platform §2: at most 350) and the selected-users table (§9: 403). */
export const TREE_MAX_HEIGHT = 350;
export const SELECTED_MAX_HEIGHT = 403;

export interface PickedUser {
  id: string;
  name: string;
  loginno?: string;
}

export interface UserRow extends PickedUser {
  departmentName?: string;
  /** 0 resigned, otherwise on the job. */
  status: number;
}

export interface UserQuery {
  departmentid?: string;
  /** A role of the approval's application (the tab by role): its holders who may approve there. */
  roleid?: string;
  name?: string;
  loginno?: string;
  /** The department's name (the spec's `superiorname`). */
  superiorname?: string;
  status?: '' | '0' | '1';
}

/** The approval users are picked for (an intervention's node): with it the workflow variant offers
 *  the tab by role, whose users come from flows.selectApprovers (type 2). */
export interface ApprovalContext {
  docId: string;
  flowId: string;
  applicationId: string;
  nodeId: string;
}

/** What the opener hands over (`data` of DialogPluginProps) and what it gets back on confirm. */
export interface UserSelectInput {
  domainid: string;
  variant?: UserSelectVariant;
  /** Users already chosen (shown as picked). */
  selected?: PickedUser[];
  /** Message key shown when the user confirms with nobody picked (default: "select at least one user"). */
  emptyMessage?: string;
  /** A call made on confirm with the picked ids as its body and the tenant as `{id}` (domainAdmins.add);
   *  the dialog then closes with `{ reload: true }`. Without it the picked users go back to the opener. */
  confirmCall?: string;
  approval?: ApprovalContext;
  /** The API documentation's picker (docs/adr/0063-api-docs-sign-in-web-services.md): the roles of this application beside the enterprise's on-job
   *  users (of the chosen role), read from apiDocs.users; one user is picked. */
  docs?: { applicationId: string };
}

export interface UserSelectResult {
  users: PickedUser[];
}
