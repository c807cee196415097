// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RULE_TABS, RulesContent, RulesScreen } from './index.ts';
import { activateLocale } from '../../lib/i18n/catalog.ts';
import { t } from './i18n.ts';

afterEach(cleanup);

const SPEC_ORDER = [
  'Horse Racing',
  'Handball',
  'Table Tennis',
  'Basketball',
  'Vollyball',
  'Ice Hockey',
  'Football',
  'Tennis',
  'Snooker',
  'E-Games',
  'Fustal',
  'Big Bash League',
  'Lunch Favourite',
  'Politics',
  'Bookmaker',
  'Teenpatti',
  'CricketCasino',
  'Fancy Market 1',
  'Football Fancy',
  'IPL',
  'Kabaddi',
  'World Cup',
  'Khado',
  'Election',
  'Fancy',
  'Match',
  'Binary',
];

const tabNamed = (name: string) => screen.getByRole('tab', { name });
const visiblePanel = () => screen.getByRole('tabpanel');

describe('RulesScreen', () => {
  it('shows exactly the 27 tabs of the spec, in its order and spelling', () => {
    render(<RulesScreen />);
    const tablist = screen.getByRole('tablist');
    expect(tablist.getAttribute('aria-orientation')).toBe('vertical');
    const labels = within(tablist)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(labels).toEqual(SPEC_ORDER);
    expect(labels).toHaveLength(27);
  });

  it('selects Horse Racing by default and shows only its panel', () => {
    render(<RulesScreen />);
    const horse = tabNamed('Horse Racing');
    expect(horse.getAttribute('aria-selected')).toBe('true');
    expect(horse.tabIndex).toBe(0);
    const others = screen.getAllByRole('tab').filter((t) => t !== horse);
    expect(others.every((t) => t.getAttribute('aria-selected') === 'false' && t.tabIndex === -1)).toBe(true);

    const panel = visiblePanel();
    expect(horse.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(horse.id);
    expect(panel.textContent).toContain('weigh-in');
    expect(screen.getByRole('heading', { level: 1, name: 'Rules' })).toBeTruthy();
  });

  it('changes the panel when a tab is clicked', async () => {
    const user = userEvent.setup();
    const onTabChange = vi.fn();
    render(<RulesScreen onTabChange={onTabChange} />);
    await user.click(tabNamed('Football'));
    expect(tabNamed('Football').getAttribute('aria-selected')).toBe('true');
    expect(tabNamed('Horse Racing').getAttribute('aria-selected')).toBe('false');
    expect(within(visiblePanel()).getByRole('heading', { level: 2, name: 'Football' })).toBeTruthy();
    expect(onTabChange).toHaveBeenCalledWith('football');
  });

  it('moves between tabs with the arrow keys, Home and End (roving tabindex, wrapping)', async () => {
    const user = userEvent.setup();
    render(<RulesScreen />);
    await user.tab();
    expect(document.activeElement).toBe(tabNamed('Horse Racing'));

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(tabNamed('Handball'));
    expect(tabNamed('Handball').getAttribute('aria-selected')).toBe('true');
    expect(tabNamed('Handball').tabIndex).toBe(0);
    expect(tabNamed('Horse Racing').tabIndex).toBe(-1);
    expect(visiblePanel().getAttribute('aria-labelledby')).toBe(tabNamed('Handball').id);

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tabNamed('Binary'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(tabNamed('Horse Racing'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(tabNamed('Binary'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tabNamed('Horse Racing'));
    expect(within(visiblePanel()).getByRole('heading', { name: 'Horse Racing' })).toBeTruthy();

    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(document.activeElement).toBe(visiblePanel());
  });

  it('says no records found on the Teenpatti tab, and nothing else', async () => {
    const user = userEvent.setup();
    render(<RulesScreen />);
    await user.click(tabNamed('Teenpatti'));
    const panel = visiblePanel();
    expect(within(panel).getByText('No records found')).toBeTruthy();
    expect(panel.textContent).toBe('TeenpattiNo records found');
  });

  it('shows the binary session hours table', async () => {
    const user = userEvent.setup();
    render(<RulesScreen />);
    await user.click(tabNamed('Binary'));
    const table = within(visiblePanel()).getByRole('table', { name: /Binary session hours/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['NFY, B-NFY, AXS, ICI, RIL, SBI, TT STL', '10:00-14:30'],
      ['GOLD, SILVER, CRUDE', '11:30-22:30'],
      ['CMX CRUDE, DOWJONES, NASDAQ, SNP', '19:30-24:00'],
    ]);
    expect(visiblePanel().textContent).toContain('Monday to Friday');
    expect(visiblePanel().textContent).toContain('official settlement price');
  });

  it.each([
    ['Horse Racing', ['2.5%', '4.0%', '1.01', '15 minutes', '5 minutes for Australian and US races']],
    ['Football', ['48 hours', 'stoppage time']],
    ['Basketball', ['5 minutes or less']],
    ['Bookmaker', ['7 days', '25 overs', '10 overs']],
    [
      'IPL',
      ['74 matches', '6 runs', '46 runs', '25 fours', '10 sixes', '12 wickets', '3 matches', 'Super overs'],
    ],
    ['Big Bash League', ['46 runs', '45 runs', '22 fours', '33 matches']],
    ['Khado', ['70 overs', 'midpoint']],
    ['Fancy', ['300 overs', '70 overs', '25 overs', '80 overs', '24 fours', '50%']],
    ['World Cup', ['295 runs']],
  ])('shows the key figures of spec §9 in the %s panel', async (label, figures) => {
    const user = userEvent.setup();
    render(<RulesScreen />);
    await user.click(tabNamed(label));
    const text = visiblePanel().textContent ?? '';
    for (const figure of figures) expect(text).toContain(figure);
  });

  it('shows the general and conduct rules on sport panels', () => {
    render(<RulesScreen />);
    const text = visiblePanel().textContent ?? '';
    for (const phrase of ['7 days', '24 hours', '5 seconds', 'decision is final', 'VPN', 'robot', 'same IP'])
      expect(text).toContain(phrase);
    expect(text).toContain('only the winning bets are voided');
  });

  it('cuts the World Cup panel off mid-sentence, with nothing after the ellipsis', async () => {
    const user = userEvent.setup();
    render(<RulesScreen />);
    await user.click(tabNamed('World Cup'));
    expect(visiblePanel().textContent?.endsWith('…')).toBe(true);
  });

  it('opens on the tab it is given, falling back to Horse Racing for an unknown id', () => {
    const { unmount } = render(<RulesScreen initialTabId="binary" />);
    expect(tabNamed('Binary').getAttribute('aria-selected')).toBe('true');
    unmount();
    render(<RulesScreen initialTabId="nope" />);
    expect(tabNamed('Horse Racing').getAttribute('aria-selected')).toBe('true');
  });
});

describe('RulesContent in the modal', () => {
  it('renders the same tabs and panels with lower heading levels, and ids that do not clash', async () => {
    const user = userEvent.setup();
    render(
      <>
        <RulesScreen />
        <RulesContent variant="modal" />
      </>,
    );
    const [pageList, modalList] = screen.getAllByRole('tablist');
    expect(pageList).toBeDefined();
    expect(modalList).toBeDefined();
    const modalTabs = within(modalList!).getAllByRole('tab');
    expect(modalTabs.map((t) => t.textContent)).toEqual(SPEC_ORDER);

    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);

    await user.click(within(modalList!).getByRole('tab', { name: 'Tennis' }));
    const panels = screen.getAllByRole('tabpanel');
    expect(panels).toHaveLength(2);
    const modalPanel = panels[1]!;
    expect(within(modalPanel).getByRole('heading', { level: 3, name: 'Tennis' })).toBeTruthy();
    // The page's own tabs are untouched.
    expect(within(pageList!).getByRole('tab', { name: 'Horse Racing' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});

describe('RULE_TABS', () => {
  it('has 27 tabs with unique slugs, and real text in every panel', () => {
    // Labels are message ids of the rules catalogue; in English they read as the spec spells them.
    expect(RULE_TABS.map((tab) => t(tab.label))).toEqual(SPEC_ORDER);
    expect(new Set(RULE_TABS.map((t) => t.id)).size).toBe(27);
    for (const tab of RULE_TABS) {
      expect(tab.id).toMatch(/^[a-z0-9-]+$/);
      expect(tab.sections.length).toBeGreaterThan(0);
    }
  });
});

describe('RulesContent in Hindi', () => {
  afterEach(() => activateLocale('en'));

  it('shows the tabs and rules in Hindi, with the same figures and the instrument codes as they are', async () => {
    await activateLocale('hi');
    const user = userEvent.setup();
    render(<RulesScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'नियम' })).toBeTruthy();
    const labels = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(labels).toHaveLength(27);
    expect(labels[0]).toBe('घुड़दौड़');
    const horse = visiblePanel().textContent ?? '';
    for (const figure of ['2.5%', '4.0%', '1.01', '15 मिनट', '7 दिनों', '24 घंटों', '5 सेकंड'])
      expect(horse).toContain(figure);

    await user.click(screen.getByRole('tab', { name: 'बाइनरी' }));
    const table = within(visiblePanel()).getByRole('table', { name: /बाइनरी सेशन का समय/ });
    expect(within(table).getByRole('rowheader', { name: 'GOLD, SILVER, CRUDE' })).toBeTruthy();
    expect(table.textContent).toContain('11:30-22:30');
  });
});
