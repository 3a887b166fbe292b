// The part of the three messaging adapters (docs/adr/0061-messaging-suites.md) that does not depend on the protocol: a service's
// directory read as a sync source (everything, the services tell no change time), and written as a
// sync target, where an entry the service already has is updated and any other one created. Which
// entries the service has is read once, on the first write, and kept up to date by the writes.
import type { DirectorySource, DirectoryTarget, SourceDepartment, SourceUser } from '../../sync/source.ts';
import { TokenClient } from './token-client.ts';

export abstract class ServiceDirectory implements DirectorySource, DirectoryTarget {
  abstract readonly kind: 'wechat' | 'dingding' | 'feishu';
  private known: Promise<{ departments: Set<string>; users: Set<string> }> | null = null;

  constructor(readonly client: TokenClient) {}

  abstract listDepartments(): AsyncIterable<SourceDepartment>;
  abstract listUsers(): AsyncIterable<SourceUser>;
  /** Creates the department; answers the service's id of it. */
  protected abstract createDepartment(department: SourceDepartment): Promise<string>;
  protected abstract updateDepartment(department: SourceDepartment): Promise<void>;
  protected abstract createUser(user: SourceUser): Promise<void>;
  protected abstract updateUser(user: SourceUser): Promise<void>;
  abstract disableUser(externalId: string): Promise<void>;

  /** Checks the credentials: a token from the service's token endpoint (throws its refusal). */
  async verify(): Promise<void> {
    await this.client.accessToken();
  }

  departments(): AsyncIterable<SourceDepartment> {
    return this.listDepartments();
  }

  users(): AsyncIterable<SourceUser> {
    return this.listUsers();
  }

  /** What the service has, read once (concurrent writes share the one reading). */
  private existing() {
    this.known ??= (async () => {
      const departments = new Set<string>();
      const users = new Set<string>();
      for await (const d of this.listDepartments()) departments.add(d.externalId);
      for await (const u of this.listUsers()) users.add(u.loginNumber);
      return { departments, users };
    })();
    return this.known;
  }

  async upsertDepartment(department: SourceDepartment): Promise<string> {
    const known = await this.existing();
    if (known.departments.has(department.externalId)) {
      await this.updateDepartment(department);
      return department.externalId;
    }
    const id = await this.createDepartment(department);
    known.departments.add(id);
    return id;
  }

  /** The user's id in the service is its login number. */
  async upsertUser(user: SourceUser): Promise<string> {
    const known = await this.existing();
    if (known.users.has(user.loginNumber)) await this.updateUser(user);
    else {
      await this.createUser(user);
      known.users.add(user.loginNumber);
    }
    return user.loginNumber;
  }
}
