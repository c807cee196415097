// The exact house margin of every option equals the documented figure (docs/casino.md).
import { describe, expect, it } from 'vitest';
import { casinoMargins, show } from '../../src/index.ts';

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
  'amar_akbar_anthony/amar': '7/325',
  'amar_akbar_anthony/akbar': '2/65',
  'amar_akbar_anthony/anthony': '11/260',
  'amar_akbar_anthony/even': '2/65',
  'amar_akbar_anthony/odd': '47/1300',
  'amar_akbar_anthony/red': '3/200',
  'amar_akbar_anthony/black': '3/200',
};

describe('house margins, exact', () => {
  it(
    'every option but 32 Cards has the documented margin, and every margin is positive',
    { timeout: 60_000 },
    () => {
      const got = Object.fromEntries(
        casinoMargins().map((m) => [`${m.game_id}/${m.option_id}`, show(m.margin)]),
      );
      expect(got).toEqual(DOCUMENTED);
      for (const m of casinoMargins()) expect(m.margin.n > 0n).toBe(true);
    },
  );
});
