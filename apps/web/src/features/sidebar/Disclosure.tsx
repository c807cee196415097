import { useId, useState, type ReactNode } from 'react';

/** A section that toggles open and closed (spec §4: sidebar sections toggle). */
export function Disclosure({
  label,
  children,
  defaultOpen = false,
  level = 'section',
}: {
  label: ReactNode;
  children: (open: boolean) => ReactNode;
  defaultOpen?: boolean;
  level?: 'section' | 'item' | 'sub';
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <div className={`disclosure disclosure--${level}${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="disclosure__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="disclosure__label">{label}</span>
        <span className="disclosure__icon" aria-hidden="true">
          {open ? '−' : '+'}
        </span>
      </button>
      <div id={id} className="disclosure__body" hidden={!open}>
        {open ? children(open) : null}
      </div>
    </div>
  );
}
