import { useEffect } from 'react';
import { MOBILE_MEDIA_QUERY } from '../lib/constants.ts';
import { useClientStore } from '../lib/store.ts';

/**
 * Tracks the mobile layout (under 993 px). On wide screens the balance/exposure choices reset
 * to both visible (spec §4) and the drawer closes.
 */
export function useViewportSync(): void {
  useEffect(() => {
    const mq = window.matchMedia?.(MOBILE_MEDIA_QUERY);
    const apply = (mobile: boolean) => {
      const s = useClientStore.getState();
      s.setMobileDevice(mobile);
      if (!mobile) {
        s.resetVisibility();
        s.setSidebarOpen(false);
      }
    };
    apply(mq ? mq.matches : false);
    if (!mq) return;
    const onChange = (e: MediaQueryListEvent) => apply(e.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
}
