import type { CasinoRoundResult } from '@backlay/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../../../test/helpers.tsx';
import { CasinoResultModal } from '../index.ts';
import { DT_MATCH_ID, playedRound } from '../../../../../test/casino-fixtures.ts';

const PATH = 'casino/getCasinoResult';
const SEED = 'b7c1e0f2a9d84c3e9f1a2b3c4d5e6f70';

function renderModal(round: CasinoRoundResult | (() => unknown), onClose = vi.fn()) {
  const fetchMock = mockApi({ [PATH]: round });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const round_id = typeof round === 'function' ? 1 : round.round_id;
  render(
    <QueryClientProvider client={client}>
      <button type="button">Opener</button>
      <CasinoResultModal match_id={DT_MATCH_ID} round_id={round_id} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { fetchMock, onClose };
}

const dialog = () => screen.findByRole('dialog', { name: /Round/ });

async function verify() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Verify' }));
  await user.click(screen.getByRole('button', { name: 'Verify this round' }));
  return user;
}

// Verify runs the engine and Web Crypto; on a busy 2-core box a test can take seconds.
describe('CasinoResultModal', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('shows the round: id, table, result and winners, the cards named, the seed hash and the seed with copy buttons', async () => {
    const round = playedRound('dragon_tiger_20', SEED, 42);
    const { fetchMock } = renderModal(round);
    const d = await screen.findByRole('dialog', { name: `Dragon Tiger 20-20 · Round 42` });
    const body = JSON.parse(String(fetchMock.mock.calls.find(([u]) => String(u).endsWith(PATH))![1]!.body));
    expect(body).toEqual({ match_id: DT_MATCH_ID, round_id: 42 });
    expect(within(d).getByText(round.result!.summary)).toBeInTheDocument();
    const cards = within(d).getByRole('list', { name: 'Cards dealt' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(round.dealt.length);
    // Each card carries its name for a screen reader ("Ten of hearts"), its face on screen.
    for (const li of within(cards).getAllByRole('listitem')) {
      expect(li.textContent).toMatch(
        /(Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of (spades|hearts|clubs|diamonds)$/,
      );
      expect(li.textContent).toMatch(/^(A|[2-9]|10|J|Q|K)[♠♥♣♦]/);
    }
    expect(within(d).getByText(round.server_seed_hash)).toBeInTheDocument();
    expect(within(d).getByText(SEED)).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Copy the server seed hash' })).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Copy the server seed' })).toBeInTheDocument();
    const labels = round.result!.winners.map((id) => round.options.find((o) => o.option_id === id)!.label);
    expect(labels.length).toBeGreaterThan(0);
    expect(within(d).getByText(labels.join(', '))).toBeInTheDocument();
  });

  it('names a card code: "TH" is the ten of hearts, shown 10♥', async () => {
    const round = playedRound('dragon_tiger_20', SEED, 42, { dealt: ['TH', 'AS'] });
    renderModal(round);
    const cards = await screen.findByRole('list', { name: 'Cards dealt' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['10♥Ten of hearts', 'A♠Ace of spades']);
  });

  it('Verify ✓: the hash of the seed is the published one and the engine recomputes the same cards, with the shuffle trace', async () => {
    const round = playedRound('dragon_tiger_20', SEED, 42);
    renderModal(round);
    await verify();
    const verdict = await screen.findByText('The cards match the round');
    expect(verdict.closest('[role="status"]')).toHaveClass('casino-verify__verdict--ok');
    expect(screen.getByText('They are equal')).toBeInTheDocument();
    expect(
      screen.getByText(/51 HMAC-SHA256 digests \(key = the seed, message = "42:counter"\)/),
    ).toBeInTheDocument();
    // The SHA-256 computed here, shown beside the published one (twice on screen: Result tab is hidden).
    expect(screen.getAllByText(round.server_seed_hash)).toHaveLength(2);
    const recomputed = screen.getByRole('list', { name: 'Recomputed cards' });
    expect(within(recomputed).getAllByRole('listitem')).toHaveLength(round.dealt.length);
    // The trace: 51 swaps of the 52-card deck, each with its HMAC message.
    expect(screen.getByText('The shuffle, step by step (51 swaps)')).toBeInTheDocument();
    const steps = screen.getByRole('table', { name: 'Shuffle steps' });
    expect(within(steps).getAllByRole('row')).toHaveLength(52);
    expect(within(steps).getByText('42:0')).toBeInTheDocument();
  });

  it('Verify ✗ for a tampered round: a card changed is named with the difference', async () => {
    const honest = playedRound('dragon_tiger_20', SEED, 42);
    const other = honest.dealt[1] === 'KS' ? 'QS' : 'KS';
    renderModal({ ...honest, dealt: [honest.dealt[0]!, other] });
    await verify();
    expect(await screen.findByText('The cards do not match the round')).toBeInTheDocument();
    expect(
      screen.getByText(`card 2: the round shows ${other}, the seed gives ${honest.dealt[1]}`),
    ).toBeInTheDocument();
    // The hash is still right: only the cards were changed.
    expect(screen.getByText('They are equal')).toBeInTheDocument();
  });

  it('Verify ✗ when the revealed seed is not the one whose hash was published', async () => {
    const round = playedRound('dragon_tiger_20', SEED, 42, { server_seed_hash: 'ab'.repeat(32) });
    renderModal(round);
    await verify();
    expect(await screen.findByText('The seed does not match the published hash')).toBeInTheDocument();
    expect(screen.getByText('They differ: this seed is not the one published')).toBeInTheDocument();
  });

  it('Verify works for the other card games too: 32 Cards and Andar Bahar (the engine test covers every game)', async () => {
    for (const id of ['thirty_two_cards', 'andar_bahar']) {
      const round = playedRound(id, `${SEED}-${id}`, 7);
      const { onClose } = renderModal(round);
      await verify();
      expect(await screen.findByText('The cards match the round')).toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('Verify works for a virtual game: its steps listed, recomputed and matched', async () => {
    for (const id of ['virtual_cricket', 'virtual_racing']) {
      const round = playedRound(id, `${SEED}-${id}`, 11);
      renderModal(round);
      const steps = await screen.findByRole('list', { name: 'Steps of the round' });
      expect(
        within(steps)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(round.dealt);
      await verify();
      expect(await screen.findByText('The steps match the round')).toBeInTheDocument();
      const recomputed = screen.getByRole('list', { name: 'Recomputed steps' });
      expect(within(recomputed).getAllByRole('listitem')).toHaveLength(round.dealt.length);
      cleanup();
    }
  });

  it('Verify ✗ for a virtual round with a step changed', async () => {
    const round = playedRound('virtual_cricket', SEED, 11);
    const dealt = [...round.dealt];
    dealt[0] = dealt[0] === 'A:1.1:6' ? 'A:1.1:4' : 'A:1.1:6';
    renderModal({ ...round, dealt });
    await verify();
    expect(await screen.findByText('The steps do not match the round')).toBeInTheDocument();
    expect(
      screen.getByText(`step 1: the round shows ${dealt[0]}, the seed gives ${round.dealt[0]}`),
    ).toBeInTheDocument();
  });

  it('a round still running says its seed comes after the deal; one voided before its deal says there is nothing to verify', async () => {
    const round = playedRound('dragon_tiger_20', SEED, 42);
    renderModal({ ...round, state: 'DEALING', server_seed: null, finished_at: null, result: null });
    const user = userEvent.setup();
    expect(await screen.findByText('Revealed once the deal is over.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Verify' }));
    expect(screen.getByText(/still running: its seed is revealed once the deal is over/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify this round' })).toBeNull();
    cleanup();

    renderModal({
      ...round,
      state: 'VOID',
      server_seed: null,
      dealt: [],
      result: { round_id: 42, summary: 'Void', winners: [] },
      void_reason: 'Table restarted: round interrupted',
    });
    expect(await screen.findByText('Table restarted: round interrupted')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Verify' }));
    expect(screen.getByText(/voided before its deal/)).toBeInTheDocument();
  });

  it('a round voided mid-deal verifies the cards it showed as the start of the seed’s deal', async () => {
    const round = playedRound('andar_bahar', SEED, 5);
    renderModal({
      ...round,
      state: 'VOID',
      dealt: round.dealt.slice(0, 2),
      result: { round_id: 5, summary: 'Void', winners: [] },
      void_reason: 'Table restarted: round interrupted',
    });
    await verify();
    expect(await screen.findByText('The cards match the round')).toBeInTheDocument();
  });

  it('a failed load says why and retries; Escape closes the modal', async () => {
    let calls = 0;
    const round = playedRound('lucky7', SEED, 1);
    const { onClose } = renderModal(() => {
      calls += 1;
      return calls === 1 ? json({ status: false, message: 'No such round' }) : round;
    });
    expect(await screen.findByText('Could not load the round: No such round')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await dialog()).toHaveAccessibleName(`${round.table_name} · Round 1`);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
