/**
 * The languages' mechanism (docs/i18n.md): a catalogue's Hindi fetched when the language is
 * Hindi, English until it lands and never an id; a lazily loaded screen waits for it; the shared
 * package's words and the server's answers follow the language; the sign-in adopts the server's
 * remembered language, or saves the one picked on the login screen.
 */
import { sideWord, voidWords } from '@backlay/ui/bets';
import { Spinner } from '@backlay/ui/components';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineCatalog, msgId } from '../src/lib/i18n/catalog.ts';
import {
  adoptSignInLanguage,
  catalogsReady,
  i18n,
  noteChosenBeforeSignIn,
  showLocale,
  storedLocale,
  translateAnswer,
} from '../src/lib/i18n/index.ts';
import { STORAGE_KEYS } from '../src/lib/storage.ts';
import { formatIstDateTime } from '../src/features/binary/format.ts';
import { messages as uiEnglish } from '../src/lib/i18n/locales/en.po';
import { translatedWords } from '../src/lib/i18n/ui-words.ts';
import { ENGLISH_WORDS } from '@backlay/ui/words';
import { mockApi } from './helpers.tsx';

describe('languages', () => {
  it("the shared package's English words are the ui catalogue's English, word for word", () => {
    // The app shows ENGLISH_WORDS in English and keeps en.po for translators only: they must agree.
    i18n.load('en', { ...uiEnglish });
    const previous = i18n.locale;
    i18n.activate('en');
    const w = translatedWords();
    const e = ENGLISH_WORDS;
    const plain = ['back', 'lay', 'yes', 'no', 'odd', 'even', 'void', 'loading', 'working', 'close'] as const;
    for (const key of plain) expect(w[key], key).toBe(e[key]);
    for (const key of ['pages', 'previous', 'next', 'rows'] as const) expect(w[key], key).toBe(e[key]);
    expect(w.voidWith('Rain')).toBe(e.voidWith('Rain'));
    expect(w.pageOf(2, 5)).toBe(e.pageOf(2, 5));
    expect(w.noRows('bets')).toBe(e.noRows('bets'));
    expect(w.rowsOf(1, 10, 25, 'bets')).toBe(e.rowsOf(1, 10, 25, 'bets'));
    i18n.activate(previous);
  });

  it('a catalogue reads English until its Hindi lands, then Hindi; a component re-renders', async () => {
    let land: (m: { messages: Record<string, string> }) => void = () => {};
    const probe = defineCatalog(
      'probe',
      { 'probe.hello': 'Hello {name}' },
      { hi: () => new Promise((resolve) => (land = resolve)) },
    );
    function Hello() {
      const t = probe.useT();
      return <p>{t('probe.hello', { name: 'Asha' })}</p>;
    }
    render(<Hello />);
    expect(screen.getByText('Hello Asha')).toBeInTheDocument();
    const switching = showLocale('hi');
    // Still English (not the id) while the Hindi is on its way.
    expect(screen.getByText('Hello Asha')).toBeInTheDocument();
    land({ messages: { 'probe.hello': 'नमस्ते {name}' } });
    await switching;
    expect(await screen.findByText('नमस्ते Asha')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(storedLocale()).toBe('hi');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('hi');
    // And back: the English is still English after the Hindi was loaded beside it.
    await showLocale('en');
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
  });

  it('a catalogue first defined while Hindi is shown fetches its Hindi; catalogsReady waits for it', async () => {
    await showLocale('hi');
    let fetched = false;
    const late = defineCatalog(
      'late',
      { 'late.word': 'Bet' },
      {
        hi: async () => {
          await new Promise((r) => setTimeout(r, 20));
          fetched = true;
          return { messages: { 'late.word': 'दांव' } };
        },
      },
    );
    expect(late.t('late.word')).toBe('Bet');
    await catalogsReady();
    expect(fetched).toBe(true);
    expect(late.t('late.word')).toBe('दांव');
    expect(msgId('late.word')).toBe('late.word');
  });

  it("the shared package's words and the server's answers follow the language", async () => {
    const back = { kind: 'EXCHANGE', is_back: '1', line: null } as Parameters<typeof sideWord>[0];
    expect(sideWord(back)).toBe('Back');
    expect(translateAnswer('Insufficient balance for this bet')).toBe('Insufficient balance for this bet');
    await showLocale('hi');
    expect(sideWord(back)).toBe('बैक');
    expect(voidWords('Match abandoned')).toBe('अमान्य: Match abandoned');
    expect(translateAnswer('Insufficient balance for this bet')).toBe('इस दांव के लिए बैलेंस पर्याप्त नहीं है');
    // An answer with figures, by its template: the figures carried over as the server wrote them.
    expect(translateAnswer('Minimum stake is ₹100.00')).toBe('न्यूनतम दांव ₹100.00 है');
    expect(
      translateAnswer('This deposit would go over your weekly deposit limit of ₹5,000.00 (₹1,000.00 left)'),
    ).toBe('यह जमा आपकी साप्ताहिक जमा सीमा ₹5,000.00 से अधिक हो जाएगी (₹1,000.00 बाकी)');
    expect(
      translateAnswer('This account is self-excluded until 01/12/2026 10:00:00 (IST). Open bets stand.'),
    ).toBe('यह खाता 01/12/2026 10:00:00 (IST) तक स्व-बहिष्कृत है। खुले दांव बने रहेंगे।');
    // An answer the catalogue does not know is shown as the server wrote it.
    expect(translateAnswer('Stake must be at least 100')).toBe('Stake must be at least 100');
    render(<Spinner />);
    expect(screen.getByText('लोड हो रहा है…')).toBeInTheDocument();
  });

  it('the sign-in shows the language the server remembers for the bettor', async () => {
    expect(i18n.locale).toBe('en');
    adoptSignInLanguage('hi');
    await waitFor(() => expect(i18n.locale).toBe('hi'));
    // Nothing, or something unknown, changes nothing.
    adoptSignInLanguage(undefined);
    adoptSignInLanguage('fr');
    expect(i18n.locale).toBe('hi');
  });

  it('a language picked on the login screen is saved on the server at the sign-in, not replaced', async () => {
    const saved: unknown[] = [];
    mockApi({ 'user/setLanguage': (body: unknown) => (saved.push(body), { language: 'hi' }) });
    await showLocale('hi');
    noteChosenBeforeSignIn('hi');
    adoptSignInLanguage('en');
    await waitFor(() => expect(saved).toEqual([{ language: 'hi' }]));
    expect(i18n.locale).toBe('hi');
  });

  it("a date with words in it reads in the bettor's language, in India's time", () => {
    expect(formatIstDateTime('2026-11-27T04:30:00Z', 'en')).toBe('Fri 27 Nov, 10:00 IST');
    expect(formatIstDateTime('2026-11-27T04:30:00Z', 'hi')).toBe('शुक्र, 27 नव॰, 10:00 IST');
  });

  it("plurals follow each language's rules: Hindi's 'one' is 0 and 1", async () => {
    const plural = defineCatalog(
      'plural',
      { 'plural.bets': '{count, plural, one {# bet} other {# bets}}' },
      { hi: async () => ({ messages: { 'plural.bets': '{count, plural, one {एकवचन #} other {बहुवचन #}}' } }) },
    );
    expect([0, 1, 2].map((count) => plural.t('plural.bets', { count }))).toEqual([
      '0 bets',
      '1 bet',
      '2 bets',
    ]);
    await showLocale('hi');
    expect([0, 1, 2].map((count) => plural.t('plural.bets', { count }))).toEqual([
      'एकवचन 0',
      'एकवचन 1',
      'बहुवचन 2',
    ]);
    // Numbers in a message keep Indian grouping in both languages.
    const grouped = defineCatalog(
      'grouped',
      { 'grouped.n': '{n, number}' },
      { hi: async () => ({ messages: {} }) },
    );
    expect(grouped.t('grouped.n', { n: 1234567 })).toBe('12,34,567');
  });
});
