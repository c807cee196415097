import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard.ts';

/**
 * Copies `text`; says "Copied" for a moment. Where the browser refuses, it says so, and the text
 * stays on screen to select by hand. `label` names what is copied, for screen readers.
 */
export function CopyButton({
  text,
  label,
  children = 'Copy',
  className = 'btn btn--small',
}: {
  text: string;
  label: string;
  children?: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <button
      type="button"
      className={className}
      onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and copy by hand' : children}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
}
