import { COUNTRIES, countryByCode, type CountryEntry } from '@backlay/contract/bettor';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useDismiss } from '../../components/index.ts';
import { t, useT } from './signup/i18n.ts';

let flagsRender: boolean | undefined;
/**
 * Whether this device draws flag emoji in colour (phones do; Windows and many Linux desktops show
 * two letters instead). Where it does not, the picker shows the country code in a badge.
 */
function flagEmojiRenders(): boolean {
  if (flagsRender !== undefined) return flagsRender;
  flagsRender = false;
  try {
    if (/jsdom/i.test(navigator.userAgent)) return flagsRender;
    const canvas = document.createElement('canvas');
    canvas.width = 24;
    canvas.height = 24;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return flagsRender;
    ctx.textBaseline = 'top';
    ctx.font = '18px sans-serif';
    ctx.fillText('\u{1F1EE}\u{1F1F3}', 0, 0);
    const px = ctx.getImageData(0, 0, 24, 24).data;
    for (let i = 0; i < px.length; i += 4) {
      if (px[i + 3]! > 0 && (px[i] !== px[i + 1] || px[i + 1] !== px[i + 2])) {
        flagsRender = true;
        break;
      }
    }
  } catch {
    flagsRender = false;
  }
  return flagsRender;
}

export function Flag({ country }: { country: CountryEntry }) {
  return flagEmojiRenders() ? (
    <span className="flag" aria-hidden="true">
      {country.flag}
    </span>
  ) : (
    <span className="flag flag--code" aria-hidden="true">
      {country.code}
    </span>
  );
}

/**
 * The picker button's accessible name: it starts with what the button shows (the country's code
 * where no flag is drawn, then the dial code), so a voice user can say what they see (WCAG 2.5.3,
 * label in name); then the country and what the button does.
 */
export function pickerName(country: CountryEntry): string {
  const shown = flagEmojiRenders() ? country.dial_code : `${country.code} ${country.dial_code}`;
  // The country's name is data (the contract's list), shown as it is.
  return t('signup.countryPicker.buttonName', { shown, country: country.name });
}

/** About the height of the open list (search box and ~7 rows). */
const PANEL_HEIGHT_PX = 320;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Countries whose name starts with or contains the query, or whose code or dial code matches. */
export function searchCountries(query: string, list: readonly CountryEntry[] = COUNTRIES): CountryEntry[] {
  const q = fold(query.trim());
  if (!q) return [...list];
  const digits = q.replace(/^\+/, '');
  const starts: CountryEntry[] = [];
  const others: CountryEntry[] = [];
  for (const c of list) {
    const name = fold(c.name);
    if (name.startsWith(q) || c.code.toLowerCase() === q) starts.push(c);
    else if (name.includes(q) || (/^\d+$/.test(digits) && c.dial_code.slice(1).startsWith(digits)))
      others.push(c);
  }
  return [...starts, ...others];
}

/**
 * The dial-code picker of the sign-up form: a button showing the chosen country's flag and dial
 * code that opens a searchable list of every country (India first). Keyboard: type to filter,
 * ↑/↓ to move, Enter to choose, Escape to close.
 */
export function CountryPicker({
  value,
  onChange,
  invalid,
}: {
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
}) {
  // Re-renders the picker when the language changes (pickerName reads the active language).
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  /** Open upwards when the window has too little room below the field. */
  const [up, setUp] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const chosen = countryByCode(value) ?? COUNTRIES[0]!;
  const results = useMemo(() => searchCountries(query), [query]);
  useDismiss(rootRef, open, () => setOpen(false), buttonRef);

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    const rect = rootRef.current?.getBoundingClientRect();
    const below = rect ? window.innerHeight - rect.bottom : Infinity;
    setUp(rect != null && below < PANEL_HEIGHT_PX && rect.top > below);
    setQuery('');
    setActive(Math.max(0, COUNTRIES.indexOf(chosen)));
    setOpen(true);
  };
  const choose = (c: CountryEntry) => {
    onChange(c.code);
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(results.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const c = results[active];
      if (c) choose(c);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="country-picker" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="country-picker__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-invalid={invalid ? true : undefined}
        aria-label={pickerName(chosen)}
        onClick={() => (open ? setOpen(false) : openList())}
      >
        <Flag country={chosen} />
        <span className="country-picker__dial">{chosen.dial_code}</span>
        <span className="country-picker__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div className={`country-picker__panel${up ? ' country-picker__panel--up' : ''}`}>
          <label htmlFor={`${id}-search`} className="visually-hidden">
            {t('signup.countryPicker.searchLabel')}
          </label>
          <input
            ref={searchRef}
            id={`${id}-search`}
            className="country-picker__search"
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results[active] ? `${id}-opt-${results[active].code}` : undefined}
            placeholder={t('signup.countryPicker.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={t('signup.countryPicker.listLabel')}
            className="country-picker__list"
          >
            {results.length === 0 ? (
              <li className="country-picker__none" role="presentation">
                {t('signup.countryPicker.noMatch', { query })}
              </li>
            ) : (
              results.map((c, i) => (
                <li
                  key={c.code}
                  id={`${id}-opt-${c.code}`}
                  data-index={i}
                  role="option"
                  aria-selected={c.code === chosen.code}
                  className={`country-picker__option${i === active ? ' is-active' : ''}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose(c)}
                >
                  <Flag country={c} />
                  <span className="country-picker__name">{c.name}</span>
                  <span className="country-picker__code">{c.dial_code}</span>
                </li>
              ))
            )}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
