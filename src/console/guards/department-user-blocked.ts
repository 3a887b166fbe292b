// Guard: department-level users (security separation on, with a department and a domain) have no home.
// Signed in, they land on the enterprise list (their own enterprise) rather than back on the login.
import { isDepartmentLevel } from '../session/current-user.ts';
import type { Guard } from './guard.ts';

const departmentUserBlocked: Guard = ({ user }) => {
  return isDepartmentLevel(user) ? { block: 'guard.departmentUserNoHome', fallback: '/main' } : null;
};

export default departmentUserBlocked;
