import { formatDateTime } from '@backlay/ui/time';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Spinner, useDismiss } from '../../components/index.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../../lib/constants.ts';
import { useSearchMatches } from './api/search.ts';
import { useT } from './i18n.ts';
import { matchPath } from '../../lib/match-path.ts';

/**
 * Search box (an ARIA 1.2 combobox): a listbox of results grouped by sport, each option the match
 * name and its IST date. Arrow keys move the active option (focus stays in the input,
 * `aria-activedescendant` names it), Enter opens it, Escape closes the list.
 */
export function SearchBox() {
  const t = useT();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  // The active option belongs to the list of one search term: a new term starts with none.
  const [active, setActive] = useState<{ term: string; index: number }>({ term: '', index: -1 });
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useSearchMatches(term);
  useDismiss(rootRef, open, () => setOpen(false), inputRef);

  const ready = term.length >= SEARCH_MIN_CHARS;
  const groups = ready ? (search.data ?? []) : [];
  const options = groups.flatMap((g) => g.matches.map((m) => ({ sport_id: g.sport_id, match: m })));
  const showDropdown = open && text.trim().length >= SEARCH_MIN_CHARS;
  const activeIndex =
    showDropdown && active.term === term && active.index < options.length ? active.index : -1;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = (i: number) => {
    const o = options[i];
    if (!o) return;
    setOpen(false);
    setText('');
    void navigate(matchPath(o.sport_id, o.match.match_id));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!showDropdown) return setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // From none: Down goes to the first option, Up to the last.
      const from = activeIndex >= 0 ? activeIndex : step > 0 ? -1 : 0;
      setActive({ term, index: (from + step + options.length) % options.length });
    } else if (e.key === 'Enter' && activeIndex >= 0) {
      e.preventDefault();
      choose(activeIndex);
    } else if (e.key === 'Escape' && showDropdown) {
      e.preventDefault();
      setOpen(false);
    }
  };

  let index = 0;
  return (
    <div className="search" ref={rootRef} role="search">
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        {t('header.search.label')}
      </label>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        className="search__input"
        type="text"
        role="combobox"
        placeholder={t('header.search.placeholder')}
        autoComplete="off"
        value={text}
        aria-autocomplete="list"
        aria-expanded={showDropdown}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {showDropdown ? (
        <div className="search__dropdown">
          {search.isFetching && !search.data ? <Spinner label={t('header.search.searching')} /> : null}
          {search.isError ? (
            <p className="search__empty" role="status">
              {t('header.search.unavailable')}
            </p>
          ) : null}
          {ready && search.data && options.length === 0 ? (
            <p className="search__empty" role="status">
              {t('header.search.noMatch', { term })}
            </p>
          ) : null}
          <div id={listId} role="listbox" aria-label={t('header.search.results')}>
            {groups.map((group) => (
              <div
                key={group.sport_id}
                role="group"
                className="search__group"
                aria-labelledby={`${listId}-sport-${group.sport_id}`}
              >
                <div className="search__sport" id={`${listId}-sport-${group.sport_id}`} role="presentation">
                  {group.sport_name}
                </div>
                {group.matches.map((m) => {
                  const i = index++;
                  return (
                    <div
                      key={m.match_id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === activeIndex}
                      className={`search__item${i === activeIndex ? ' is-active' : ''}`}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => choose(i)}
                    >
                      <span className="search__match">{m.match_name}</span>
                      <time className="search__date" dateTime={m.match_Date}>
                        {formatDateTime(m.match_Date)}
                      </time>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
