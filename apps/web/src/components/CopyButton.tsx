import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard.ts';
import { useT } from './i18n.ts';

/**
 * Copies `text`; says "Copied" for a moment (the button says `children`, else "Copy"). Where the browser refuses, it says so, and the text
 * stays on screen to select by hand. `label` names what is copied, for screen readers.
 */
export function CopyButton({
  text,
  label,
  children,
  className = 'btn btn--small',
}: {
  text: string;
  label: string;
  children?: string;
  className?: string;
}) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);
  const says =
    state === 'copied'
      ? t('components.copy.copied')
      : state === 'failed'
        ? t('components.copy.failed')
        : (children ?? t('components.copy.copy'));
  return (
    <button
      type="button"
      className={className}
      onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      {says}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
}
