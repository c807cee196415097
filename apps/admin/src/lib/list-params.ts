// A list screen's filters and page, kept in the URL's query so that a reload, the back button or a
// shared link shows the same list.
import { useSearchParams } from 'react-router';

export function useListParams(options: { keepEmpty?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  /**
   * Changes some filters; a change of anything but the page goes back to page 1. An empty value
   * drops its filter, unless `keepEmpty` (a screen whose missing filter means a default, not "all").
   */
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v || options.keepEmpty) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { params, page, set };
}
