// Guard: a user flagged onlyDomainUser (tenant-scoped) lands on the enterprise list instead of home.
import type { Guard } from './guard.ts';

const onlyDomainUserToMain: Guard = ({ session }) => (session.onlyDomainUser ? { redirect: '/main' } : null);

export default onlyDomainUserToMain;
