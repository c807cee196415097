import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './Tabs.css';

export type TabItem = { id: string; label: ReactNode; panel: ReactNode };

type TabsProps = {
  items: TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
};

/** WAI-ARIA tabs: arrow keys move between tabs, Home/End jump, only the selected tab is in the Tab order. */
export function Tabs({ items, selected, onSelect, label, orientation = 'horizontal', className }: TabsProps) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const index = Math.max(
    0,
    items.findIndex((t) => t.id === selected),
  );
  const current = items[index];

  const onKeyDown = (e: KeyboardEvent) => {
    const next = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    const prev = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    let to: number | null = null;
    if (e.key === next) to = (index + 1) % items.length;
    else if (e.key === prev) to = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = items.length - 1;
    if (to == null) return;
    e.preventDefault();
    const item = items[to]!;
    onSelect(item.id);
    refs.current[item.id]?.focus();
  };

  return (
    <div className={`tabs tabs--${orientation} ${className ?? ''}`.trim()}>
      <div className="tabs__list" role="tablist" aria-label={label} aria-orientation={orientation}>
        {items.map((t) => {
          const active = t.id === current?.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${t.id}`}
              tabIndex={active ? 0 : -1}
              className={`tabs__tab${active ? ' is-active' : ''}`}
              onClick={() => onSelect(t.id)}
              onKeyDown={onKeyDown}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          className="tabs__panel"
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          tabIndex={0}
        >
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
