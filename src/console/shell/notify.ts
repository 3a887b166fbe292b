// Toasts (notistack, role alert) callable from anywhere: components, route loaders, the API client.
// A toast given a label (label('msg.saveSuccess')) follows a language switch while it is on screen.
import { enqueueSnackbar, type VariantType } from 'notistack';
import { createElement } from 'react';
import { LabelText, type Wording } from './LabelText.tsx';

const notify = (variant: VariantType) => (text: Wording) => enqueueSnackbar(createElement(LabelText, { text }), { variant });

export const notifySuccess = notify('success');
export const notifyError = notify('error');
export const notifyWarning = notify('warning');
