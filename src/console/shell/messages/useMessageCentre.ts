// The signed-in user's messages for the header bell: read on mount, on every navigation, every minute
// and after marking; while the drawer is closed only the unread count is needed (one line is asked). Failures are silent (the bell keeps its last figures): a poll must never raise a
// toast, e.g. while the user has to change the password first.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { MessagePage } from '../../../core/generated/api-types.ts';
import { call } from '../../api/client.ts';

export const POLL_MS = 60_000;
const PAGE_LINES = 50;
const EMPTY: MessagePage = { datas: [], rowCount: 0, unread: 0 };

export function useMessageCentre(listing: boolean) {
  const { pathname } = useLocation();
  const [page, setPage] = useState<MessagePage>(EMPTY);
  // Bumped by the poll and after marking: each bump reads the messages again.
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    call('messages.list', { query: { currpage: 1, pagelines: listing ? PAGE_LINES : 1 }, silent: true }).then(
      (answer) => current && setPage(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pathname, generation, listing]);

  useEffect(() => {
    const timer = window.setInterval(reload, POLL_MS);
    return () => window.clearInterval(timer);
  }, [reload]);

  const markRead = useCallback(
    async (id: string) => {
      await call('messages.read', { params: { id } });
      reload();
    },
    [reload],
  );

  const markAllRead = useCallback(async () => {
    await call('messages.readAll', {});
    reload();
  }, [reload]);

  return { page, markRead, markAllRead };
}
