// The exact house margin of every option equals the documented figure (docs/casino.md).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  casinoMargins,
  show,
  thirtyTwoCards,
  thirtyTwoCardsDistribution,
  thirtyTwoCardsPlay,
  thirtyTwoCardsDeck,
  toNumber,
  type OptionMargin,
} from '../../src/index.ts';

const DOCUMENTED: Record<string, string> = {
  'dragon_tiger_20/dragon': '33/850',
  'dragon_tiger_20/tiger': '33/850',
  'dragon_tiger_20/tie': '1/17',
  'dragon_tiger_20/pair': '1/17',
  'dragon_tiger_20/dragon_even': '2/65',
  'dragon_tiger_20/dragon_odd': '47/1300',
  'dragon_tiger_20/dragon_red': '3/200',
  'dragon_tiger_20/dragon_black': '3/200',
  'dragon_tiger_20/tiger_even': '2/65',
  'dragon_tiger_20/tiger_odd': '47/1300',
  'dragon_tiger_20/tiger_red': '3/200',
  'dragon_tiger_20/tiger_black': '3/200',
  'lucky7/low': '31/325',
  'lucky7/high': '31/325',
  'lucky7/seven': '2/13',
  'lucky7/even': '2/65',
  'lucky7/odd': '47/1300',
  'lucky7/red': '1/40',
  'lucky7/black': '1/40',
  'teen_patti_20/player_a': '244423/9787750',
  'teen_patti_20/player_b': '244423/9787750',
  'teen_patti_20/pair_plus_a': '392/5525',
  'teen_patti_20/pair_plus_b': '392/5525',
  'andar_bahar/andar': '179/8330',
  'andar_bahar/bahar': '25/833',
  'thirty_two_cards/player_8': '10227012191895687151/170260814083610250000',
  'thirty_two_cards/player_9': '3347404776165523433/57490664495764500000',
  'thirty_two_cards/player_10': '3649520445799050919/58555306430871250000',
  'thirty_two_cards/player_11': '155547384197649038653/2213390583086933250000',
  'amar_akbar_anthony/amar': '7/325',
  'amar_akbar_anthony/akbar': '2/65',
  'amar_akbar_anthony/anthony': '11/260',
  'amar_akbar_anthony/even': '2/65',
  'amar_akbar_anthony/odd': '47/1300',
  'amar_akbar_anthony/red': '3/200',
  'amar_akbar_anthony/black': '3/200',
};

describe('house margins, exact', () => {
  let margins: OptionMargin[] = [];
  beforeAll(() => {
    margins = casinoMargins();
  }, 120_000);

  it('every option has the documented margin, and every margin is positive', () => {
    const got = Object.fromEntries(margins.map((m) => [`${m.game_id}/${m.option_id}`, show(m.margin)]));
    expect(got).toEqual(DOCUMENTED);
    for (const m of margins) expect(m.margin.n > 0n).toBe(true);
  });

  it('32 Cards: the documented rounded figures (docs/casino.md) and the payout of each option', () => {
    const pct = (id: string) =>
      (
        100 * toNumber(margins.find((m) => m.option_id === id && m.game_id === thirtyTwoCards.id)!.margin)
      ).toFixed(2);
    expect(['player_8', 'player_9', 'player_10', 'player_11'].map(pct)).toEqual([
      '6.01',
      '5.82',
      '6.23',
      '7.03',
    ]);
    expect(thirtyTwoCards.options.map((o) => o.payout)).toEqual([1200, 575, 320, 200]);
  });
});

describe('32 Cards: the exact distribution agrees with deals at random', () => {
  // Heavy (the exact count takes seconds, more on a busy box): computed once, generous timeouts.
  let dist: ReturnType<typeof thirtyTwoCardsDistribution> = [];
  beforeAll(() => {
    dist = thirtyTwoCardsDistribution();
  }, 120_000);

  it(
    '20,000 random decks played by thirtyTwoCardsPlay land within 4 standard errors of the exact P',
    { timeout: 60_000 },
    () => {
      const deck = thirtyTwoCardsDeck();
      const N = 20_000;
      const seen = new Map<string, number>();
      // A fixed LCG: the test is the same run every time.
      let x = 12345;
      const rand = (n: number) => {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        return Math.floor((x / 2 ** 32) * n);
      };
      for (let r = 0; r < N; r++) {
        const d = deck.slice();
        for (let i = d.length - 1; i > 0; i--) {
          const j = rand(i + 1);
          [d[i], d[j]] = [d[j]!, d[i]!];
        }
        const { winner } = thirtyTwoCardsPlay(d);
        const k = winner === null ? 'Void' : `Player ${winner}`;
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
      for (const { p, result } of dist) {
        const q = toNumber(p);
        const se = Math.sqrt((q * (1 - q)) / N);
        expect(Math.abs((seen.get(result.summary) ?? 0) / N - q)).toBeLessThanOrEqual(4 * se + 1e-9);
      }
    },
  );
});
