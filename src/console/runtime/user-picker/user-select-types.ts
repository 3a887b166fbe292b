// The user-selection dialog's shapes (spec/platform-console.md, "User-selection dialog"; spec/domain-console.md, "Entities and their fields"
// (User-selection query)): one dialog for every screen that chooses users.

/** The dialog's tabs: a search over name and login number, by department, by role, and the spec's query
 *  (spec/domain-console.md, "Entities and their fields": query types 1 department, 2 role, 3 query; the search comes first, as it is what
 *  finds one user among thousands). */
export const TABS = ['search', 'department', 'role', 'query'] as const;
export type QueryTab = (typeof TABS)[number];

/** Page sizes (spec/platform-console.md, "User-selection dialog": 10/20/50/100) starting at 10
 *  (spec/domain-console.md, "Business constants and limits": User selection page size). */
export const PAGE_SIZES = [10, 20, 50, 100];
/** Tree and table heights (spec/platform-console.md, "User-selection dialog": at most 350) and the
 *  selected-users table (spec/domain-console.md, "Business constants and limits": 403). */
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
  /** A part of the name or of the login number (the search tab). */
  keyword?: string;
  departmentid?: string;
  /** A role of the approval's application (the tab by role): its holders who may approve there. */
  roleid?: string;
  name?: string;
  loginno?: string;
  /** The department's name (the spec's `superiorname`). */
  superiorname?: string;
  status?: '' | '0' | '1';
}

/** The approval users are picked for (an intervention's node): its application gives the roles of the
 *  tab by role, whose users come from flows.selectApprovers (type 2): the holders who may approve there. */
export interface ApprovalContext {
  docId: string;
  flowId: string;
  applicationId: string;
  nodeId: string;
}

/** What the opener hands over (`data` of DialogPluginProps) and what it gets back on confirm. */
export interface UserSelectInput {
  domainid: string;
  /** One user (a new pick replaces the last); default several. */
  single?: boolean;
  /** Users already chosen (shown as picked). */
  selected?: PickedUser[];
  /** Message key shown when the user confirms with nobody picked (default: "select at least one user"). */
  emptyMessage?: string;
  /** A call made on confirm with the picked ids as its body and the tenant as `{id}` (domainAdmins.add);
   *  the dialog then closes with `{ reload: true }`. Without it the picked users go back to the opener. */
  confirmCall?: string;
  /** The confirm call's path parameters (a list's `pick` action's `args.params`); else the tenant as `{id}`. */
  confirmParams?: Record<string, string>;
  approval?: ApprovalContext;
  /** The API documentation's picker (docs/adr/0063-api-docs-sign-in-web-services.md): the roles of this
   *  application, and only the enterprise's on-job users, read from apiDocs.users. */
  docs?: { applicationId: string };
}

export interface UserSelectResult {
  users: PickedUser[];
}
