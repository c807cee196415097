/**
 * The words this package writes for a person (a side, a void, a spinner's label), English unless
 * an app gives its own: the bettor's app gives them in the bettor's language (apps/web
 * lib/i18n/ui-words.ts) each time the language changes. The console keeps English.
 */
export interface UiWords {
  readonly back: string;
  readonly lay: string;
  readonly yes: string;
  readonly no: string;
  readonly odd: string;
  readonly even: string;
  readonly void: string;
  /** "Void: <the operator's reason>" (the reason is the operator's text, as written). */
  readonly voidWith: (reason: string) => string;
  readonly loading: string;
  readonly working: string;
  readonly close: string;
  /** The pager (components/Pager.tsx): its landmark, buttons, page and rows. */
  readonly pages: string;
  readonly previous: string;
  readonly next: string;
  readonly pageOf: (page: number, pages: number) => string;
  /** The rows' noun when the screen names none. */
  readonly rows: string;
  readonly noRows: (noun: string) => string;
  readonly rowsOf: (from: number, to: number, total: number, noun: string) => string;
}

export const ENGLISH_WORDS: UiWords = {
  back: 'Back',
  lay: 'Lay',
  yes: 'Yes',
  no: 'No',
  odd: 'Odd',
  even: 'Even',
  void: 'Void',
  voidWith: (reason) => `Void: ${reason}`,
  loading: 'Loading…',
  working: 'Working…',
  close: 'Close',
  pages: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  rows: 'rows',
  noRows: (noun) => `No ${noun}`,
  rowsOf: (from, to, total, noun) => `${from}–${to} of ${total} ${noun}`,
};

let current: UiWords = ENGLISH_WORDS;

/** The words in use now. */
export const uiWords = (): UiWords => current;

/** An app's words from now on (read at each call and render: nothing caches them). */
export function setUiWords(words: UiWords): void {
  current = words;
}
