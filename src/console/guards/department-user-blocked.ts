// Guard: department-level users (security separation on, with a department and a domain) have no home.
// Signed in, they land on the enterprise list (their own enterprise) rather than back on the login.
import type { Guard } from './guard.ts';

const departmentUserBlocked: Guard = ({ user }) => {
  const departmentLevel = Boolean(user?.isOpenSecurity) && (user?.departments?.length ?? 0) > 0 && (user?.domains?.length ?? 0) > 0;
  return departmentLevel ? { block: 'guard.departmentUserNoHome', fallback: '/main' } : null;
};

export default departmentUserBlocked;
