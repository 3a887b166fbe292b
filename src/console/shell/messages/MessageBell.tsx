// The header bell of the message centre: the unread count as a badge. The drawer listing the messages
// is loaded the first time the bell is opened, so the first screen does not carry it. The button is
// named by a hidden text holding the count, the badge is hidden from assistive technology: the name
// never differs from what the button shows.
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Badge, Box, IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageCentre } from './useMessageCentre.ts';

const MessageDrawer = lazy(() => import('./MessageDrawer.tsx'));

/** Read by assistive technology, not drawn. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function MessageBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { page, markRead, markAllRead } = useMessageCentre(open);
  const label = t('messageCentre.bell', { count: page.unread });
  return (
    <>
      <Tooltip title={label} describeChild>
        <IconButton
          data-testid="header-messages"
          color="inherit"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <Badge
            data-testid="header-messages-badge"
            badgeContent={page.unread}
            color="error"
            max={99}
            slotProps={{ badge: { 'aria-hidden': true } }}
          >
            <NotificationsOutlined />
          </Badge>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {label}
          </Box>
        </IconButton>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <MessageDrawer
            open={open}
            page={page}
            onClose={() => setOpen(false)}
            onRead={(id) => void markRead(id).catch(() => undefined)}
            onReadAll={() => void markAllRead().catch(() => undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
