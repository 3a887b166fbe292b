// The signed-in user's messages for the header bell: read on mount, on every navigation, every minute
// and after marking (api/queries.ts reads again after any change); while the drawer is closed only the
// unread count is needed (one line is asked). Failures are silent (the bell keeps its last figures): a
// poll must never raise a toast, e.g. while the user has to change the password first.
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { MessagePage } from '../../../core/generated/api-types.ts';
import { call } from '../../api/client.ts';
import { readAgain, useCall } from '../../api/queries.ts';

export const POLL_MS = 60_000;
const PAGE_LINES = 50;
const EMPTY: MessagePage = { datas: [], rowCount: 0, unread: 0 };

export function useMessageCentre(listing: boolean) {
  const { pathname } = useLocation();
  const messages = useCall(
    'messages.list',
    { query: { currpage: 1, pagelines: listing ? PAGE_LINES : 1 }, silent: true },
    { keepPrevious: true, every: POLL_MS },
  );

  const shownAt = useRef(pathname); // the first reading needs no second one
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    void readAgain('messages.');
  }, [pathname]);

  const markRead = useCallback(async (id: string) => {
    await call('messages.read', { params: { id } });
  }, []);

  const markAllRead = useCallback(async () => {
    await call('messages.readAll', {});
  }, []);

  return { page: messages.data ?? EMPTY, markRead, markAllRead };
}
