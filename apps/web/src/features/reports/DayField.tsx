import { useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { enGB, hi } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useLocale } from '../../lib/i18n/catalog.ts';
import { useT } from './i18n.ts';

/**
 * A report day in the site's format, dd/mm/yyyy (issue 47): a browser's own date input shows the
 * browser's locale (mm/dd/yyyy in en-US) while every date on the site reads dd/MM/yyyy. A text
 * field takes the day typed (dd/mm/yyyy, or yyyy-mm-dd pasted) and a calendar (react-day-picker,
 * keyboard-driven) picks one. `value` and `onChange` speak the API's 'YYYY-MM-DD'; a day that
 * cannot be read is sent as '' so the form's range check names the field.
 */
export function DayField({
  id,
  label,
  value,
  max,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  /** 'YYYY-MM-DD', or '' when none. */
  value: string;
  /** The last day that may be chosen, 'YYYY-MM-DD'. */
  max: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  onChange: (day: string) => void;
}) {
  const t = useT();
  // The calendar's month and day names in the bettor's language.
  const calendarLocale = useLocale() === 'hi' ? hi : enGB;
  // What the bettor typed, with the day it read as: shown while the form's value is still that day
  // (a half-typed or impossible day included); a value set from outside shows as dd/mm/yyyy.
  const [typed, setTyped] = useState<{ text: string; day: string } | null>(null);
  const draft = typed && typed.day === value ? typed.text : shownDay(value);
  const setDraft = (text: string) => setTyped({ text, day: readDay(text) });
  const [open, setOpen] = useState(false);
  const calendarId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const selected = dateOf(value);
  const last = dateOf(max);
  return (
    <div className="dayfield">
      <label htmlFor={id}>{label}</label>
      <div className="dayfield__row">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('reports.day.placeholder')}
          value={draft}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setDraft(e.target.value);
            onChange(readDay(e.target.value));
          }}
        />
        <button
          ref={buttonRef}
          type="button"
          className="dayfield__open"
          aria-label={t('reports.day.choose', { label })}
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          <CalendarIcon />
        </button>
      </div>
      {open ? (
        <div
          id={calendarId}
          className="dayfield__calendar"
          role="dialog"
          aria-label={t('reports.day.calendar', { label })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
              buttonRef.current?.focus();
            }
          }}
        >
          <DayPicker
            mode="single"
            locale={calendarLocale}
            weekStartsOn={1}
            autoFocus
            selected={selected}
            defaultMonth={selected ?? last}
            {...(last ? { disabled: { after: last }, endMonth: last } : {})}
            onSelect={(d) => {
              if (!d) return;
              const day = isoOf(d);
              setDraft(shownDay(day));
              onChange(day);
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="1.5" y="2.5" width="13" height="12" rx="1.5" fill="none" stroke="currentColor" />
      <path d="M1.5 6h13M5 1v3M11 1v3" stroke="currentColor" fill="none" />
    </svg>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' → 'dd/mm/yyyy' ('' stays ''). */
export function shownDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** What the bettor typed → 'YYYY-MM-DD', or '' when it is not a calendar day. */
export function readDay(text: string): string {
  const t = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const [y, mo, d] = dmy
    ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
    : ymd
      ? [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])]
      : [0, 0, 0];
  if (y === 0) return '';
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return '';
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** 'YYYY-MM-DD' → a local Date at noon (the calendar's days are local), undefined for ''. */
function dateOf(day: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12) : undefined;
}

const isoOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
