// Issue 30, done-means 2: the bettor's slip shows what the server will hold. For every fancy variant
// and side, bookmaker back and lay, and exchange back and lay, the web client's own slip functions
// (apps/web: kind-slip.ts, slip.ts, which call @backlay/engine) compute the figures before the bet;
// the bet is then placed through the API and the server's book, exposure and positions must equal
// them to the paisa. Stakes and rates are chosen so that a per-hundred amount has a fraction to round.
import type { CricketDetail, Fancy, MarketDetail, MatchDetail } from '@backlay/contract';
import { expect, it } from 'vitest';
import {
  bookmakerOutcome,
  bookmakerPositionsAfter,
  fancyOutcome,
} from '../../web/src/features/market/cricket/kind-slip.ts';
import { positionsAfter, profitOrLiability, stakeToPaise } from '../../web/src/features/market/slip.ts';
import type { Api } from './helpers/api.ts';
import { createMarket } from './helpers/exchange.ts';
import { bettorOf, cricketTestMatch, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextRequestId = () => `sf-${++rid}-${Math.random().toString(36).slice(2, 8)}`;
const STAKE = '333.33';
const stakePaise = stakeToPaise(STAKE)!;
const rupees = (paise: number) => paise / 100;

describeStores('the slip equals the server after placing', (ctx) => {
  const bettor = (balanceRupees = 1_000_000) => bettorOf(ctx, balanceRupees * 100);
  const operator = () => operatorOf(ctx);
  const cricketMatch = () => cricketTestMatch(ctx.app);
  async function detail(api: Api, matchId: number) {
    const r = await api.call('getCricketDetail', { match_id: matchId });
    expect(r.body.status).toBe(true);
    return r.body.data as CricketDetail;
  }
  const liability = async (api: Api) =>
    ((await api.call('getUserBalance')).body.data as { liability: number }).liability;

  it('every fancy variant and side: profit and liability are the server’s book and exposure', async () => {
    const c = await cricketMatch();
    const op = await operator();
    // Rates with a fraction to round (Odd/Even keeps its 98 on both sides, KHADO its Yes-only quote).
    for (const f of (await detail(op, c.matchId)).fancies) {
      if (f.variant === 'ODD_EVEN' || f.variant === 'KHADO') continue;
      const r = await op.call('adminFancyQuote', {
        fancy_id: f.fancy_id,
        no_line: f.no_line,
        no_rate: 87,
        yes_line: f.yes_line,
        yes_rate: 113,
      });
      expect(r.body.status, `${f.variant}: ${r.body.message}`).toBe(true);
    }
    const fancies = (await detail(op, c.matchId)).fancies;
    expect(new Set(fancies.map((f) => f.variant))).toEqual(
      new Set(['RUNS', 'LAMBI', 'KHADO', 'METER', 'ODD_EVEN', 'FANCY1']),
    );
    const covered = new Set<string>();
    // The first fancy of each variant (the demo has many RUNS sessions).
    const firstOfEach = fancies.filter((f, i) => fancies.findIndex((g) => g.variant === f.variant) === i);
    for (const f of firstOfEach) {
      for (const yes of [true, false]) {
        const line = yes ? f.yes_line : f.no_line;
        const rate = yes ? f.yes_rate : f.no_rate;
        if (line == null || rate == null) continue; // KHADO has no No side
        const what = `${f.variant} ${yes ? 'Yes' : 'No'} ${line} @ ${rate}`;
        const slip = fancyOutcome(f, { yes, line, rate }, stakePaise);
        const a = await bettor();
        const placed = await a.call('placeFancyBet', {
          match_id: c.matchId,
          fancy_id: f.fancy_id,
          is_yes: yes ? '1' : '0',
          line,
          rate,
          stack: Number(STAKE),
          request_id: nextRequestId(),
        });
        expect(placed.body.status, `${what}: ${placed.body.message}`).toBe(true);
        // The answer names the bet as it was placed (an Odd/Even side, never "No 0").
        const name = (placed.body.data as { bet: { selection_name: string } }).bet.selection_name;
        if (f.variant === 'ODD_EVEN') expect(name, what).toBe(yes ? 'Odd' : 'Even');
        else expect(name, what).toMatch(yes ? /^Yes / : /^No /);
        const book = (await a.call('getFancyBook', { fancy_id: f.fancy_id })).body.data as {
          rows: { result: number; profit_loss: number }[];
        };
        const at = (r: number) => book.rows.find((x) => x.result === r)!.profit_loss;
        const held = (await detail(a, c.matchId)).fancies.find((x: Fancy) => x.fancy_id === f.fancy_id)!;
        if (f.variant === 'METER') {
          // Per run: one run past the line on the winning side, one on the losing side.
          const up = yes ? at(line + 1) - at(line) : at(line - 1) - at(line);
          const down = yes ? at(line) - at(line - 1) : at(line) - at(line + 1);
          expect({ what, win: rupees(slip.win_paise), lose: rupees(slip.lose_paise) }).toEqual({
            what,
            win: up,
            lose: down,
          });
        } else {
          const best = Math.max(...book.rows.map((x) => x.profit_loss));
          expect({ what, win: rupees(slip.win_paise), lose: rupees(slip.lose_paise) }).toEqual({
            what,
            win: best,
            lose: held.exposure,
          });
          expect(await liability(a)).toBe(held.exposure);
        }
        covered.add(`${f.variant} ${yes ? 'Yes' : 'No'}`);
      }
    }
    expect(covered.size).toBe(11); // six variants, two sides each, but KHADO's one
  });

  it('bookmaker back and lay: profit, liability and the what-if positions are the server’s', async () => {
    const c = await cricketMatch();
    for (const side of ['BACK', 'LAY'] as const) {
      const a = await bettor();
      const bm = (await detail(a, c.matchId)).bookmakers[0]!;
      const runner = bm.runners[1]!;
      const rate = side === 'BACK' ? runner.back_rate! : runner.lay_rate!;
      const pick = { selection_id: runner.selection_id, side, rate };
      const slip = bookmakerOutcome(side, rate, stakePaise);
      const whatIf = bookmakerPositionsAfter(bm, pick, stakePaise);
      const placed = await a.call('placeBookmakerBet', {
        match_id: c.matchId,
        market_id: bm.market_id,
        selection_id: runner.selection_id,
        is_back: side === 'BACK' ? '1' : '0',
        rate,
        stack: Number(STAKE),
        request_id: nextRequestId(),
      });
      expect(placed.body.status, placed.body.message).toBe(true);
      const after = (await detail(a, c.matchId)).bookmakers[0]!;
      const positions = new Map(after.runners.map((r) => [r.selection_id, r.position]));
      expect(positions).toEqual(whatIf);
      const mine = positions.get(runner.selection_id)!;
      const other = positions.get(bm.runners[0]!.selection_id)!;
      expect({ side, win: rupees(slip.win_paise), lose: rupees(slip.lose_paise) }).toEqual({
        side,
        win: Math.max(mine, other),
        lose: -Math.min(mine, other),
      });
      expect(await liability(a)).toBe(rupees(slip.lose_paise));
    }
  });

  it('exchange back and lay, matched in full: profit, liability and what-if positions are the server’s', async () => {
    const m = await createMarket(ctx.app, { runners: 3 });
    const price = 137; // 1.37: a back at 333.33 wins 123.3321
    const market = async (api: Api) =>
      ((await api.call('getMatchDetail', { match_id: m.matchId })).body.data as MatchDetail).markets[0]!;
    const layer = await bettor();
    const backer = await bettor();
    const before = await market(backer);
    const sel = { selection_id: m.selectionIds[1]!, price };
    const slips = {
      BACK: {
        api: backer,
        figure: profitOrLiability('BACK', price, stakePaise),
        whatIf: positionsAfter(before, { ...sel, side: 'BACK' }, stakePaise),
      },
      LAY: {
        api: layer,
        figure: profitOrLiability('LAY', price, stakePaise),
        whatIf: positionsAfter(before, { ...sel, side: 'LAY' }, stakePaise),
      },
    };
    const bet = (isBack: boolean) => ({
      match_id: m.matchId,
      market_id: m.marketId,
      selection_id: sel.selection_id,
      is_back: isBack ? '1' : '0',
      odds: price / 100,
      stack: Number(STAKE),
      request_id: nextRequestId(),
    });
    expect((await layer.call('placeMarketBet', bet(false))).body.status).toBe(true);
    const back = await backer.call('placeMarketBet', bet(true));
    expect(back.body).toMatchObject({ status: true, data: { status: 'MATCHED' } });
    for (const side of ['BACK', 'LAY'] as const) {
      const s = slips[side];
      const after: MarketDetail = await market(s.api);
      const positions = new Map(after.runners.map((r) => [r.selection_id, r.position]));
      expect({ side, positions }).toEqual({ side, positions: s.whatIf });
      const mine = positions.get(sel.selection_id)!;
      if (side === 'BACK') expect(s.figure).toBe(mine);
      else expect(s.figure).toBe(-mine);
      expect(await liability(s.api)).toBe(-Math.min(...positions.values()));
    }
  });

  it('exchange what-if with matched bets already held: the fractions of the bets held and the new one add up exactly', async () => {
    const m = await createMarket(ctx.app, { runners: 2 });
    const price = 199; // 1.99: a back at 333.33 wins 329.9967; two win 659.9934, three 989.9901
    const market = async (api: Api) =>
      ((await api.call('getMatchDetail', { match_id: m.matchId })).body.data as MatchDetail).markets[0]!;
    const layer = await bettor();
    const backer = await bettor();
    const sel = m.selectionIds[0]!;
    const bet = (isBack: boolean, stack: number) => ({
      match_id: m.matchId,
      market_id: m.marketId,
      selection_id: sel,
      is_back: isBack ? '1' : '0',
      odds: price / 100,
      stack,
      request_id: nextRequestId(),
    });
    expect((await layer.call('placeMarketBet', bet(false, 1000))).body.status).toBe(true);
    for (let i = 0; i < 2; i++) {
      const r = await backer.call('placeMarketBet', bet(true, Number(STAKE)));
      expect(r.body).toMatchObject({ status: true, data: { status: 'MATCHED' } });
    }
    const before = await market(backer);
    expect(before.runners.find((r) => r.selection_id === sel)!.position).toBe(659.99);
    const whatIf = positionsAfter(before, { selection_id: sel, side: 'BACK', price }, stakePaise);
    const r = await backer.call('placeMarketBet', bet(true, Number(STAKE)));
    expect(r.body).toMatchObject({ status: true, data: { status: 'MATCHED' } });
    const after = await market(backer);
    const positions = new Map(after.runners.map((x) => [x.selection_id, x.position]));
    expect(positions.get(sel)).toBe(989.99);
    expect(whatIf).toEqual(positions);
    // An answer without the exact remainder (an older server) still gives the rounded sum.
    const old = { winners: 1, runners: before.runners.map(({ position_rest: _, ...x }) => x) };
    expect(positionsAfter(old, { selection_id: sel, side: 'BACK', price }, stakePaise).get(sel)).toBe(989.98);
  });
});
