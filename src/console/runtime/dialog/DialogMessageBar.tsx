// Draws a dialog's current message (see useDialogMessage) as an alert the user can dismiss. A form
// dialog draws it just above its buttons, where the eye is after Save; each new message is also
// scrolled into view, so a long dialog never says it out of sight.
import { Alert } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { DialogMessage } from './useDialogMessage.ts';

export function DialogMessageBar({ messages }: { messages: DialogMessage }) {
  const ref = useRef<HTMLDivElement>(null);
  const { message } = messages;
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  if (!message) return null;
  return (
    <Alert ref={ref} severity={message.severity} onClose={messages.clear} data-testid="dialog-message" sx={{ mb: 1.5 }}>
      {message.text}
    </Alert>
  );
}
