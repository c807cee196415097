import type { GlobalSetting } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../api.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';

/** How often an open page asks for the settings again (the operator console can change them). */
export const GLOBAL_SETTINGS_REFRESH_MS = 60_000;

/** GET globalSetting/getGlobalSetting — loaded on start; the last answer is kept as `globalData`. */
export async function getGlobalSetting(signal?: AbortSignal): Promise<GlobalSetting> {
  const data = await queryEndpoint('getGlobalSetting', undefined, { signal });
  storage.setJson(STORAGE_KEYS.globalData, data);
  return data;
}

export const globalSettingQueryOptions = () =>
  queryOptions<GlobalSetting>({
    queryKey: ['globalSetting'],
    queryFn: ({ signal }) => getGlobalSetting(signal),
    staleTime: 5 * 60_000,
    // An operator's change (the site message, colours) reaches open pages within this long.
    refetchInterval: GLOBAL_SETTINGS_REFRESH_MS,
    // The last settings seen paint the theme at once while the fresh ones load.
    placeholderData: (): GlobalSetting | undefined =>
      storage.getJson<GlobalSetting>(STORAGE_KEYS.globalData) ?? undefined,
  });

export const useGlobalSetting = () => useQuery(globalSettingQueryOptions());
