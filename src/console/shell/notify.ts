// Toasts (notistack, role alert) callable from anywhere: components, route loaders, the API client.
import { enqueueSnackbar } from 'notistack';

export const notifySuccess = (text: string) => enqueueSnackbar(text, { variant: 'success' });
export const notifyError = (text: string) => enqueueSnackbar(text, { variant: 'error' });
export const notifyWarning = (text: string) => enqueueSnackbar(text, { variant: 'warning' });
