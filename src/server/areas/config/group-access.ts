// Which configuration groups a caller may read and save (docs/security.md "Configuration"). The
// console's tabs read the answer (`groups` of GET /authtime/config), so a tab is shown exactly when
// the server would accept its save.
import type { CurrentUser } from '../../auth/current-user.ts';
import { isPlatform } from '../../auth/reach.ts';
import { CONFIG_GROUPS, type ConfigGroup } from './config-groups.ts';

const SYSTEM_GROUPS: ConfigGroup[] = ['authConfig', 'hxImConfig', 'ldapConfig'];

export function configGroupsOf(user: CurrentUser): ConfigGroup[] {
  // Without security separation the configuration is the super administrator's.
  if (!user.isOpenSecurity) return user.superAdmin ? [...CONFIG_GROUPS] : [];
  switch (user.type) {
    case 'super':
      return [...CONFIG_GROUPS];
    // The security officer owns the password policy, and only it; one of a tenant or a department owns nothing.
    case 'secret':
      return isPlatform(user.reach) ? ['loginConfig'] : [];
    // The system administrator owns the rest; the policy stays the officer's. One of a tenant or a
    // department owns nothing, as the permission matrix and the home tile say (spec/platform-console.md, "Screens and routes").
    case 'admin':
      return isPlatform(user.reach) ? [...SYSTEM_GROUPS] : [];
    default:
      return [];
  }
}
