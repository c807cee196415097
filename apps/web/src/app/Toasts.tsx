import { useEffect } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import { TOAST_OPTIONS } from '../lib/constants.ts';
import { connectToasts } from '../lib/toast.ts';

/**
 * The toast container: with react-toastify, a chunk fetched with the first toast (lib/toast.ts,
 * providers.tsx). Once mounted it takes the toasts raised so far and those to come. Connected a
 * task later: StrictMode's rehearsal (mount, unmount, mount again, synchronously) would otherwise
 * hand the waiting toasts to the container it throws away.
 */
export function Toasts() {
  useEffect(() => {
    let disconnect: (() => void) | undefined;
    const timer = setTimeout(() => {
      disconnect = connectToasts((kind, message) => toast[kind](message));
    }, 0);
    return () => {
      clearTimeout(timer);
      disconnect?.();
    };
  }, []);
  return <ToastContainer {...TOAST_OPTIONS} newestOnTop theme="colored" />;
}
