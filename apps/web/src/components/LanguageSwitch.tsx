import { useState } from 'react';
import { LOCALE_NAMES, LOCALES, showLocale, useLocale, useT, type Locale } from '../lib/i18n/index.ts';
import './LanguageSwitch.css';

/**
 * English or Hindi (docs/i18n.md): the header's, the user menu's and the login's. Each language is
 * named in itself. `onChosen` runs after the app shows the new language (the signed-in shell
 * remembers it on the server there; the login only on this device).
 */
export function LanguageSwitch({
  id,
  onChosen,
  className,
}: {
  readonly id: string;
  readonly onChosen?: (locale: Locale) => void;
  readonly className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const choose = async (next: Locale) => {
    setBusy(true);
    try {
      await showLocale(next);
      onChosen?.(next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={['language-switch', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="visually-hidden">
        {t('common.language.label')}
      </label>
      <select
        id={id}
        className="language-switch__select"
        value={locale}
        disabled={busy}
        onChange={(e) => void choose(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
