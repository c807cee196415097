// "Download the app" (issue 45; docs/app-install.md): shown on the login page and in the user menu
// while the operator has it on (`is_show_apk`). It opens the browser's install prompt where the
// browser offers one, else the operator's Android package (`apk_link`) where it is set; nothing
// when neither is there, when it is off, or inside the installed app.
import type { GlobalSetting } from '@backlay/contract';
import { promptInstall, useAppInstall } from '../../lib/app-install.ts';
import { useT } from '../../lib/i18n/index.ts';

/** What "Download the app" does here and now, or null when it is not shown. */
export function downloadAppAction(
  settings: Pick<GlobalSetting, 'is_show_apk' | 'apk_link'> | undefined,
  state: { canInstall: boolean; installed: boolean },
): { kind: 'prompt' } | { kind: 'link'; href: string } | null {
  if (settings?.is_show_apk !== '1' || state.installed) return null;
  if (state.canInstall) return { kind: 'prompt' };
  const href = (settings.apk_link ?? '').trim();
  return /^https:\/\/\S+$/.test(href) ? { kind: 'link', href } : null;
}

export function DownloadApp({
  settings,
  className,
  onDone,
}: {
  settings: Pick<GlobalSetting, 'is_show_apk' | 'apk_link'> | undefined;
  className?: string;
  /** Called when it was used (the user menu closes). */
  onDone?: () => void;
}) {
  const t = useT();
  const state = useAppInstall();
  const action = downloadAppAction(settings, state);
  if (action === null) return null;
  if (action.kind === 'link')
    return (
      <a className={className} href={action.href} rel="noopener noreferrer" onClick={onDone}>
        {t('common.app.download')}
      </a>
    );
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onDone?.();
        void promptInstall();
      }}
    >
      {t('common.app.download')}
    </button>
  );
}
