// Which header links show: `from=systemManagement` hides home and logout (the console is embedded),
// and an onlyDomainUser never gets a home link.
import { useSearchParams } from 'react-router-dom';
import { isOnlyDomainUser } from '../session/current-user.ts';

export function useHeaderLinks(): { home: boolean; logout: boolean } {
  const [query] = useSearchParams();
  const embedded = query.get('from') === 'systemManagement';
  return { home: !embedded && !isOnlyDomainUser(), logout: !embedded };
}
