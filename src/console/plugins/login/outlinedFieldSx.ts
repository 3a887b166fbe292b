// MUI's small outlined field (the theme's FormControl size), redrawn in CSS for LoginInput.tsx: the same
// paddings, label positions, notch and colours as FormControl + InputLabel + OutlinedInput + FormHelperText,
// so the login page looks as it did with them (docs/adr/0149-login-fields-without-mui-inputs.md).
import type { Theme } from '@mui/material/styles';

/** Filled, focused or filled in by the browser: the label sits on the outline and the notch opens. */
const RAISED = ['input:focus', 'input:not(:placeholder-shown)', 'input:autofill'];
const raised = (sibling: string) => RAISED.map((state) => `& ${state} ~ ${sibling}`).join(', ');

export const outlinedFieldSx = (theme: Theme) => {
  const ease = theme.transitions.easing.easeOut;
  return {
    display: 'flex',
    flexDirection: 'column',
    position: 'relative',
    minWidth: 0,
    width: '100%',
    '& .box': {
      position: 'relative',
      borderRadius: `${theme.shape.borderRadius}px`,
      ...theme.typography.body1,
      lineHeight: '1.4375em',
      color: theme.palette.text.primary,
      cursor: 'text',
    },
    '& input': {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'currentColor',
      padding: '8.5px 14px',
      border: 0,
      boxSizing: 'content-box',
      background: 'none',
      height: '1.4375em',
      margin: 0,
      display: 'block',
      minWidth: 0,
      width: '100%',
      '&:focus': { outline: 0 },
      '&::placeholder': { opacity: 0 },
    },
    '& label': {
      ...theme.typography.body1,
      lineHeight: '1.4375em',
      color: theme.palette.text.secondary,
      position: 'absolute',
      left: 0,
      top: 0,
      zIndex: 1,
      transformOrigin: 'top left',
      transform: 'translate(14px, 9px) scale(1)',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      maxWidth: 'calc(100% - 24px)',
      pointerEvents: 'none',
      transition: `color 200ms ${ease}, transform 200ms ${ease}, max-width 200ms ${ease}`,
    },
    [raised('label')]: { transform: 'translate(14px, -9px) scale(0.75)', maxWidth: 'calc(133% - 32px)' },
    '& input:focus ~ label': { color: theme.palette.primary.main },
    '& fieldset': {
      textAlign: 'left',
      position: 'absolute',
      inset: '-5px 0 0 0',
      margin: 0,
      padding: '0 8px',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      borderStyle: 'solid',
      borderWidth: 1,
      overflow: 'hidden',
      minWidth: '0%',
      borderColor: 'rgba(0, 0, 0, 0.23)',
    },
    '& .box:hover fieldset': { borderColor: theme.palette.text.primary },
    '& input:focus ~ fieldset, & .box:hover input:focus ~ fieldset': {
      borderColor: theme.palette.primary.main,
      borderWidth: 2,
    },
    '& legend': {
      float: 'unset',
      width: 'auto',
      overflow: 'hidden',
      display: 'block',
      padding: 0,
      height: 11,
      fontSize: '0.75em',
      visibility: 'hidden',
      maxWidth: '0.01px', // a string: sx reads numbers up to 1 as fractions of the width
      transition: `max-width 50ms ${ease} 0ms`,
      whiteSpace: 'nowrap',
      '& > span': {
        paddingLeft: '5px',
        paddingRight: '5px',
        display: 'inline-block',
        opacity: 0,
        visibility: 'visible',
      },
    },
    [raised('fieldset legend')]: { maxWidth: '100%', transition: `max-width 100ms ${ease} 50ms` },
    '& p': {
      ...theme.typography.caption,
      color: theme.palette.text.secondary,
      textAlign: 'left',
      margin: '4px 14px 0', // MUI's small helper text
      // A line's height when empty, as MUI's helper text keeps with its zero-width space: the fields do not move.
      minHeight: '1.66em',
    },
    // After the focus rules and as specific as them: an error keeps its colour while focused, as in MUI.
    '&.error input ~ label, &.error p': { color: theme.palette.error.main },
    '&.error input ~ fieldset, &.error .box:hover input ~ fieldset': { borderColor: theme.palette.error.main },
  } as const;
};
