import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import type { Translate } from '../../lib/i18n/catalog.ts';
import { useT } from './i18n.ts';
import { RULE_TABS } from './rulesContent.ts';
import type { RuleBlock, RuleCell, RuleSection, RuleTab } from './rulesContent.ts';
import './rules.css';

export interface RulesContentProps {
  /** 'page' for the Site Rules screen, 'modal' to fit inside the header's Rules modal. */
  variant?: 'page' | 'modal';
  /** Tab shown first (a tab id such as 'football'); unknown ids fall back to Horse Racing. */
  initialTabId?: string;
  /** Called with the tab id whenever the user picks another tab (for example to update the URL). */
  onTabChange?: (tabId: string) => void;
  /** Level of each panel's title; section headings are one level below. Default: 2 on a page, 3 in a modal. */
  headingLevel?: 2 | 3 | 4;
}

type Level = 2 | 3 | 4 | 5;

function Heading({ level, className, children }: { level: Level; className: string; children: string }) {
  const Tag = `h${level}` as const;
  return <Tag className={className}>{children}</Tag>;
}

/** A table cell's text: its message translated, or its data as it is. */
const cellText = (t: Translate, cell: RuleCell): string => (typeof cell === 'string' ? t(cell) : cell.data);

function Block({ block }: { block: RuleBlock }): ReactElement {
  const t = useT();
  switch (block.kind) {
    case 'paragraph':
      return <p className="rules-text">{t(block.text)}</p>;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{t(item)}</li>);
      return block.ordered ? (
        <ol className="rules-list">{items}</ol>
      ) : (
        <ul className="rules-list">{items}</ul>
      );
    }
    case 'table':
      return (
        <div className="rules-table-wrap">
          <table className="rules-table">
            <caption>{t(block.caption)}</caption>
            <thead>
              <tr>
                {block.columns.map((c) => (
                  <th key={c} scope="col">
                    {t(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {cellText(t, cell)}
                      </th>
                    ) : (
                      <td key={c}>{cellText(t, cell)}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'empty':
      return <p className="rules-empty">{t(block.text)}</p>;
  }
}

function Section({ section, level }: { section: RuleSection; level: Level }) {
  const t = useT();
  return (
    <section className="rules-section">
      {section.heading && (
        <Heading level={level} className="rules-section__heading">
          {t(section.heading)}
        </Heading>
      )}
      {section.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </section>
  );
}

const tabIndexOf = (tabs: readonly RuleTab[], id: string | undefined) =>
  Math.max(
    0,
    tabs.findIndex((tab) => tab.id === id),
  );

/**
 * The rules as vertical tabs (WAI-ARIA tabs pattern): one tab per sport or market group in the
 * spec's order, Horse Racing selected first, one panel per tab. Arrow keys, Home and End move
 * between tabs (roving tabindex, automatic activation). Used by the Site Rules screen and,
 * with variant 'modal', inside the header's Rules modal.
 */
export function RulesContent({
  variant = 'page',
  initialTabId,
  onTabChange,
  headingLevel,
}: RulesContentProps) {
  const t = useT();
  const tabs = RULE_TABS;
  const baseId = useId();
  const [selected, setSelected] = useState(() => tabIndexOf(tabs, initialTabId));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const titleLevel = headingLevel ?? (variant === 'modal' ? 3 : 2);
  const sectionLevel = (titleLevel + 1) as Level;

  // Keep the selected tab visible inside the tab list when the list scrolls on its own (in the modal,
  // and as a horizontal strip on narrow screens), without scrolling the page itself.
  useEffect(() => {
    const list = listRef.current;
    const tab = tabRefs.current[selected];
    if (!list || !tab) return;
    if (tab.offsetTop < list.scrollTop) list.scrollTop = tab.offsetTop;
    else if (tab.offsetTop + tab.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = tab.offsetTop + tab.offsetHeight - list.clientHeight;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth;
  }, [selected]);

  const tabId = (tab: RuleTab) => `${baseId}-tab-${tab.id}`;
  const panelId = (tab: RuleTab) => `${baseId}-panel-${tab.id}`;

  const select = (index: number, focus: boolean) => {
    const tab = tabs[index];
    if (!tab) return;
    if (focus) tabRefs.current[index]?.focus();
    if (index !== selected) {
      setSelected(index);
      onTabChange?.(tab.id);
    }
  };

  // The list is vertical on wide screens and a horizontal strip on narrow ones, so both arrow pairs work.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowRight':
        next = selected === last ? 0 : selected + 1;
        break;
      case 'ArrowUp':
      case 'ArrowLeft':
        next = selected === 0 ? last : selected - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    select(next, true);
  };

  return (
    <div className={`rules rules--${variant}`}>
      <div
        ref={listRef}
        className="rules-tablist"
        role="tablist"
        aria-orientation="vertical"
        aria-label={t('rules.tablist.label')}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            className="rules-tab"
            aria-selected={i === selected}
            aria-controls={panelId(tab)}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => select(i, false)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div className="rules-panels">
        {tabs.map((tab, i) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={panelId(tab)}
            className="rules-panel"
            aria-labelledby={tabId(tab)}
            tabIndex={0}
            hidden={i !== selected}
          >
            <Heading level={titleLevel} className="rules-panel__title">
              {t(tab.label)}
            </Heading>
            <div className="rules-panel__body">
              {tab.sections.map((section, s) => (
                <Section key={s} section={section} level={sectionLevel} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
