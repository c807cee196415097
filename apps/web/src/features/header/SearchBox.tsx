import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner, useDismiss } from '../../components/index.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../../lib/constants.ts';
import { formatDateTime } from '@backlay/ui/time';
import { useSearchMatches } from './api/search.ts';

/** Search box with a dropdown of results grouped by sport; each row: match name and IST date. */
export function SearchBox() {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => {
    const t = setTimeout(() => setTerm(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const search = useSearchMatches(term);
  useDismiss(rootRef, open, () => setOpen(false), inputRef);

  const ready = term.length >= SEARCH_MIN_CHARS;
  const groups = ready ? (search.data ?? []) : [];
  const count = groups.reduce((n, g) => n + g.matches.length, 0);
  const showDropdown = open && text.trim().length >= SEARCH_MIN_CHARS;
  const close = () => {
    setOpen(false);
    setText('');
  };

  return (
    <div className="search" ref={rootRef} role="search">
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Search events
      </label>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        className="search__input"
        type="search"
        placeholder="Search Events"
        autoComplete="off"
        value={text}
        aria-expanded={showDropdown}
        aria-controls={listId}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
      />
      {showDropdown ? (
        <div className="search__dropdown" id={listId} aria-label="Search results">
          {search.isFetching && !search.data ? <Spinner label="Searching…" /> : null}
          {search.isError ? (
            <p className="search__empty" role="status">
              Search is not available right now.
            </p>
          ) : null}
          {ready && search.data && count === 0 ? (
            <p className="search__empty" role="status">
              No events match “{term}”.
            </p>
          ) : null}
          {groups.map((group) => (
            <section key={group.sport_id} className="search__group" aria-label={group.sport_name}>
              <h3 className="search__sport">{group.sport_name}</h3>
              <ul className="search__list">
                {group.matches.map((m) => (
                  <li key={m.match_id}>
                    <Link
                      className="search__item"
                      to={`/game-details/${group.sport_id}/${m.match_id}`}
                      onClick={close}
                    >
                      <span className="search__match">{m.match_name}</span>
                      <time className="search__date" dateTime={m.match_Date}>
                        {formatDateTime(m.match_Date)}
                      </time>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}
