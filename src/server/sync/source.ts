// What a directory sync reads from its source (LDAP/AD, WeChat-Work, DingTalk, Feishu) and, for the
// services synchronised both ways, writes back. One sync core (src/server/sync) turns a source's
// departments and users into the changes of a domain's organisation; each service is one adapter.

/** A department as the source has it; `externalId` is the source's own key (DN, department id). */
export interface SourceDepartment {
  externalId: string;
  /** Null: a top department of the synchronised tree. */
  parentExternalId: string | null;
  name: string;
  order?: number;
}

/** A user as the source has it. `loginNumber` becomes the user's loginno in the domain. */
export interface SourceUser {
  externalId: string;
  loginNumber: string;
  name: string;
  /** The departments the user belongs to, the main one first (empty: none). */
  departmentExternalIds: string[];
  email?: string;
  telephone?: string;
  /** False when the source marks the user disabled or left. */
  active: boolean;
  /** When the source last changed the entry, when it says (incremental syncs read only newer ones). */
  changedAt?: Date;
}

/** Where a sync reads from. `since` asks for the entries changed after it only (incremental), where
 *  the source can tell; a source that cannot ignores it and answers everything. */
export interface DirectorySource {
  readonly kind: 'ldap' | 'wechat' | 'dingding' | 'feishu';
  departments(since?: Date): AsyncIterable<SourceDepartment>;
  users(since?: Date): AsyncIterable<SourceUser>;
}

/** Where a sync to a messaging service writes (synch2wechat and the like). Each call answers the
 *  service's id of what it created or updated; failures throw with the service's own message. */
export interface DirectoryTarget {
  readonly kind: 'wechat' | 'dingding' | 'feishu';
  listDepartments(): AsyncIterable<SourceDepartment>;
  listUsers(): AsyncIterable<SourceUser>;
  upsertDepartment(department: SourceDepartment): Promise<string>;
  upsertUser(user: SourceUser): Promise<string>;
  /** Marks a user left in the service (disabled, never deleted). */
  disableUser(externalId: string): Promise<void>;
}
