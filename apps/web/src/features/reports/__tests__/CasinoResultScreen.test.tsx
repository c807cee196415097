import type { CasinoLobby, CasinoResults, CasinoRoundResult } from '@backlay/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../../../test/helpers.tsx';
import { playedRound } from '../../../../test/casino-fixtures.ts';
import { bodiesOf, lastBody, setUp, TODAY } from './fixtures.ts';

const RESULTS = 'casino/getResults';
const RESULT = 'casino/getCasinoResult';
const LOBBY = 'casino/getLobby';
const DT = 9001;
const LUCKY = 9002;
const VCRICKET = 9101;

const lobby = (series_id: 'ourcasino' | 'virtual'): CasinoLobby =>
  series_id === 'ourcasino'
    ? {
        series_id,
        name: 'Our Casino',
        tables: [
          {
            match_id: DT,
            game_id: 'dragon_tiger_20',
            table_name: 'Dragon Tiger 20-20',
            round: null,
            last_results: [],
          },
          { match_id: LUCKY, game_id: 'lucky7', table_name: 'Lucky 7', round: null, last_results: [] },
        ],
      }
    : {
        series_id,
        name: 'Our Virtual',
        tables: [
          {
            match_id: VCRICKET,
            game_id: 'virtual_cricket',
            table_name: 'Virtual Cricket',
            round: null,
            last_results: [],
          },
        ],
      };

const PAGE_SIZE = 2;
/** Three rounds of Dragon Tiger on the day, newest first, two a page. */
const rounds: CasinoRoundResult[] = [103, 102, 101].map((id) =>
  playedRound('dragon_tiger_20', `seed-${id}-0123456789abcdef`, id),
);
const page = (n: number, rows = rounds): CasinoResults => ({
  rows: rows.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE),
  total: rows.length,
  page: n,
  page_size: PAGE_SIZE,
});

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    [LOBBY]: (body: { series_id: 'ourcasino' | 'virtual' }) => lobby(body.series_id),
    [RESULTS]: (body: { match_id: number; page: number }) =>
      body.match_id === DT ? page(body.page) : page(1, []),
    [RESULT]: (body: { round_id: number }) => rounds.find((r) => r.round_id === body.round_id),
    ...extra,
  });
}

const table = () => screen.findByRole('table', { name: 'Casino results' });
const rowOf = (t: HTMLElement, round: number) =>
  within(t)
    .getByRole('button', { name: `Round ${round}: show the result` })
    .closest('tr')!;

// The first render transforms the lazy report chunk: on a busy 2-core box that alone can take seconds.
describe('Casino Results report', { timeout: 30_000 }, () => {
  beforeEach(setUp);

  it('lists the first table’s rounds of today (IST): round, time, result, cards, seed hash and seed', async () => {
    const fetchMock = api();
    renderApp('/report/casino-result');
    expect(await screen.findByRole('heading', { name: 'Casino Results' })).toBeInTheDocument();
    const t = await table();
    expect(bodiesOf(fetchMock, RESULTS)).toEqual([{ match_id: DT, date: TODAY, page: 1 }]);
    const row = rowOf(t, 103);
    const r = rounds[0]!;
    expect(within(row).getByText(r.result!.summary)).toBeInTheDocument();
    // 19:58:40 UTC is 01:28:40 IST the next day.
    expect(within(row).getByText('23/11/2026 01:28:40')).toBeInTheDocument();
    // The cards by name, the hash and seed shortened on screen but whole for a reader and in the title.
    expect(row.querySelectorAll('.casino-card')).toHaveLength(r.dealt.length);
    const hash = within(row).getByTitle(r.server_seed_hash);
    expect(hash).toHaveAttribute('tabindex', '0');
    expect(within(hash).getByText(`${r.server_seed_hash.slice(0, 10)}…`)).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(within(row).getByTitle(r.server_seed!)).toBeInTheDocument();
    expect(within(t).getAllByRole('button', { name: /^Round \d+: show the result$/ })).toHaveLength(2);
  });

  it('groups the tables by series and asks again for another table and day', async () => {
    const fetchMock = api();
    renderApp('/report/casino-result');
    await table();
    const select = screen.getByLabelText('Table');
    const groups = within(select).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Our Casino', 'Our Virtual']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dragon Tiger 20-20', 'Lucky 7']);
    expect(
      within(groups[1]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Virtual Cricket']);
    const user = userEvent.setup();
    await user.selectOptions(select, String(LUCKY));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-11-20' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(lastBody(fetchMock, RESULTS)).toEqual({ match_id: LUCKY, date: '2026-11-20', page: 1 }),
    );
    expect(await screen.findByText('No rounds on this day')).toBeInTheDocument();
  });

  it('refuses a day in the future or not a date, and sends nothing', async () => {
    const fetchMock = api();
    renderApp('/report/casino-result');
    await table();
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-11-24' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a date that is not in the future.');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a valid date.');
    expect(bodiesOf(fetchMock, RESULTS)).toHaveLength(1);
  });

  it('Submit on the same table and day asks again (a round finishes every half minute)', async () => {
    const fetchMock = api();
    renderApp('/report/casino-result');
    await table();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(bodiesOf(fetchMock, RESULTS)).toHaveLength(2));
    expect(lastBody(fetchMock, RESULTS)).toEqual({ match_id: DT, date: TODAY, page: 1 });
  });

  it('pages: Next asks for page 2 and shows its round', async () => {
    const fetchMock = api();
    renderApp('/report/casino-result');
    await table();
    expect(screen.getByText('1–2 of 3')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastBody(fetchMock, RESULTS)).toEqual({ match_id: DT, date: TODAY, page: 2 }));
    expect(await screen.findByRole('button', { name: 'Round 101: show the result' })).toBeInTheDocument();
    expect(screen.getByText('3–3 of 3')).toBeInTheDocument();
  });

  it('a round’s button opens its result modal, which verifies; Escape closes it and focus returns', async () => {
    api();
    renderApp('/report/casino-result');
    const t = await table();
    const user = userEvent.setup();
    const button = within(t).getByRole('button', { name: 'Round 102: show the result' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Dragon Tiger 20-20 · Round 102' });
    expect(within(dialog).getByText(rounds[1]!.server_seed!)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Verify' }));
    await user.click(within(dialog).getByRole('button', { name: 'Verify this round' }));
    expect(await within(dialog).findByText('The cards match the round')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('clicking anywhere on a row opens the round too', async () => {
    api();
    renderApp('/report/casino-result');
    const t = await table();
    const row = rowOf(t, 103);
    await userEvent.setup().click(within(row).getByText(rounds[0]!.result!.summary));
    expect(await screen.findByRole('dialog', { name: 'Dragon Tiger 20-20 · Round 103' })).toBeInTheDocument();
  });

  it('a failed load of the rounds says why, with Retry', async () => {
    let calls = 0;
    api({
      [RESULTS]: () => {
        calls += 1;
        return calls === 1 ? json({ status: false, message: 'Not yet' }) : page(1);
      },
    });
    renderApp('/report/casino-result');
    expect(await screen.findByText('Could not load the casino results: Not yet')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await table()).toBeInTheDocument();
  });

  it('says so when no casino table runs, and when the tables cannot be loaded', async () => {
    mockApi({
      [LOBBY]: (b: { series_id: 'ourcasino' | 'virtual' }) => ({ ...lobby(b.series_id), tables: [] }),
    });
    const first = renderApp('/report/casino-result');
    expect(await screen.findByText('No casino table is running yet.')).toBeInTheDocument();
    first.unmount();
    mockApi({ [LOBBY]: json({ status: false, message: 'Casino is down' }) });
    renderApp('/report/casino-result');
    expect(await screen.findByText('Could not load the casino tables: Casino is down')).toBeInTheDocument();
  });
});
