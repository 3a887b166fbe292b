// The frame of the dialog screens (docs/adr/0154-dialog-screen-kinds.md) and of the tabs dialog
// (docs/adr/0156-batch-and-pick-list-actions.md): title, the dialog's message, an optional intro, the
// content and the buttons. Callers keep their hooks in their own component and hand the frame
// elements, never a component declared during their render: that would be a new component type on
// each render, mounted afresh, so the dialog's nodes would be replaced (a click on the old ones is
// lost) and any state inside dropped (a job dialog's start, when its opener draws again).
import { Dialog, DialogActions, DialogContent, DialogTitle, Typography, type DialogProps } from '@mui/material';
import type { ReactNode } from 'react';
import { DialogMessageBar } from './DialogMessageBar.tsx';
import type { DialogMessage } from './useDialogMessage.ts';

interface Props {
  /** The title's id is `<id>-title`; it names the dialog. */
  id: string;
  testId: string;
  title: string;
  /** Drawn under the message, above the content (already translated). */
  intro?: string;
  messages: DialogMessage;
  maxWidth: DialogProps['maxWidth'];
  /** Escape or a click outside. */
  onClose: () => void;
  actions: ReactNode;
  children: ReactNode;
  /** Drawn after the buttons: a dialog opened from this one. */
  over?: ReactNode;
}

export function DialogFrame({ id, testId, title, intro, messages, maxWidth, onClose, actions, children, over }: Props) {
  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth={maxWidth}
      fullWidth
      data-testid={testId}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`} sx={{ fontSize: 18 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {intro && <DialogIntro text={intro} />}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>
      {over}
    </Dialog>
  );
}

/** The intro line, for a dialog that draws it further down than the frame does. */
export function DialogIntro({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ mb: 1 }}>
      {text}
    </Typography>
  );
}
