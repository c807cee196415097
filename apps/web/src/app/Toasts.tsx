import { ToastContainer } from 'react-toastify';
import { TOAST_OPTIONS } from '../lib/constants.ts';

/** The toast container: a chunk of its own (providers.tsx); toasts raised before it mounts wait in react-toastify's queue. */
export function Toasts() {
  return <ToastContainer {...TOAST_OPTIONS} newestOnTop theme="colored" />;
}
