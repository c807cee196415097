import type { GlobalSetting } from '@backlay/contract';
import { useEffect } from 'react';
import { useGlobalSetting } from '../lib/api/global-settings.ts';
import { imageUrl } from '@backlay/ui/images';

const COLOR_VARS: [keyof GlobalSetting, string][] = [
  ['bg_primary_color', '--bg-primary'],
  ['bg_secondry_color', '--bg-secondary'],
  ['text_primary_color', '--text-primary'],
  ['text_secondry_color', '--text-secondary'],
  ['other_color', '--other-color'],
];

/** Only colour values reach the style sheet. */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]+)$/i;

export function applyTheme(settings: GlobalSetting, root: HTMLElement = document.documentElement): void {
  for (const [key, cssVar] of COLOR_VARS) {
    const value = String(settings[key] ?? '').trim();
    if (value && SAFE_COLOR.test(value)) root.style.setProperty(cssVar, value);
  }
  if (settings.site_title) document.title = settings.site_title;
  // The browser's bar (and the installed app's) in the site's colour, as the manifest has it.
  const theme = String(settings.bg_primary_color ?? '').trim();
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && /^#[0-9a-f]{3,8}$/i.test(theme)) meta.content = theme;
  if (settings.favicon) {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = imageUrl(settings.favicon);
  }
}

/** Theme from global settings: the five colours as CSS variables, the title and the favicon. */
export function useTheme(): void {
  const settings = useGlobalSetting().data;
  useEffect(() => {
    if (settings) applyTheme(settings);
  }, [settings]);
}
