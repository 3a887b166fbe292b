// Cell renderer `users`: a list of users ({ name, loginno }) as "name (loginno), …", or a dash (an
// approval's approvers, docs/adr/0157-task-runtime-in-yaml.md).
import type { CellProps } from './types.ts';

export function userNames(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((u) => {
      const { name, loginno } = (u ?? {}) as { name?: unknown; loginno?: unknown };
      return loginno ? `${String(name ?? '')} (${String(loginno)})` : String(name ?? '');
    })
    .filter(Boolean)
    .join(', ');
}

export default function UsersCell({ value }: CellProps) {
  return <>{userNames(value) || '—'}</>;
}
