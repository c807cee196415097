import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useClientStore } from '../../../lib/store.ts';
import { liveClient } from '../../../lib/ws.ts';
import { cricketBetsKey } from '../api/cricket-bets.ts';
import { cricketDetailKey } from '../api/cricket-detail.ts';
import { FANCY_BOOK_KEY } from '../api/fancy-book.ts';

/** At most one refetch of the cricket detail per this many ms, however many markets change. */
export const CRICKET_REFETCH_THROTTLE_MS = 1000;

/** Refetches what a bookmaker or fancy bet changes: balance, exposure, positions, bets, books. */
export function useRefreshKindBets(matchId: number) {
  const queryClient = useQueryClient();
  const bump = useClientStore((s) => s.bumpBetPlaced);
  return () => {
    bump();
    void queryClient.invalidateQueries({ queryKey: cricketDetailKey(matchId) });
    void queryClient.invalidateQueries({ queryKey: cricketBetsKey(matchId) });
    void queryClient.invalidateQueries({ queryKey: ['exposureDetail'] });
    void queryClient.invalidateQueries({ queryKey: [FANCY_BOOK_KEY] });
  };
}

/**
 * Follows a cricket match's bookmaker and fancy markets over the live connection. Their pushes
 * carry no rates the screen can merge, so any image or delta refetches getCricketDetail, at most
 * once per second (the first pushes after subscribing are the state just fetched, so they wait
 * out the first second too). A notice about the caller's bets refetches the bets as well; a
 * reconnect refetches both. The query also polls every 5 s in case pushes stop.
 */
export function useCricketLive(matchId: number, marketIds: readonly number[]) {
  const queryClient = useQueryClient();
  const refreshBets = useRefreshKindBets(matchId);
  // One throttle per match: it outlives a change of the id list (a fancy added or settled), so a
  // refetch it holds back is not dropped when the subscription is renewed.
  const [throttle] = useState(() => createThrottle(CRICKET_REFETCH_THROTTLE_MS));
  useEffect(() => () => throttle.cancel(), [throttle]);
  const key = marketIds.join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',').map(Number);
    const client = liveClient();
    // An answer in flight is let finish (cancelRefetch: false): when the server takes longer than
    // the throttle (a busy embedded store), cancelling it at each push would leave the screen on
    // its first answer for good — no scoreboard at the start, settled fancies never leaving.
    const refetch = () =>
      void queryClient.invalidateQueries({ queryKey: cricketDetailKey(matchId) }, { cancelRefetch: false });
    // The first pushes after subscribing are the state just fetched: they wait out the interval.
    throttle.hold();
    const off = client.subscribe(ids, (event) => {
      if (event.type === 'bets') refreshBets();
      else throttle.run(refetch);
    });
    const offResync = client.onResync(() => {
      void queryClient.invalidateQueries({ queryKey: cricketDetailKey(matchId) });
      void queryClient.invalidateQueries({ queryKey: cricketBetsKey(matchId) });
    });
    return () => {
      offResync();
      off();
    };
    // refreshBets is rebuilt each render; the subscription follows the match and its markets only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, matchId, queryClient, throttle]);
}

/**
 * Leading-and-trailing throttle: `run(fn)` calls fn at once when the last call was `ms` or more
 * ago, else once when the interval is over (however many runs came meanwhile). `hold()` counts as
 * a call made now. The clock and timers can be given (tests).
 */
export function createThrottle(
  ms: number,
  clock: {
    now: () => number;
    setTimer: (fn: () => void, ms: number) => unknown;
    clearTimer: (h: unknown) => void;
  } = {
    now: () => Date.now(),
    setTimer: (fn, wait) => setTimeout(fn, wait),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
) {
  let last = -Infinity;
  let timer: unknown = null;
  let pending: (() => void) | null = null;
  const fire = () => {
    timer = null;
    last = clock.now();
    const fn = pending;
    pending = null;
    fn?.();
  };
  return {
    run(fn: () => void) {
      pending = fn;
      if (timer != null) return;
      const wait = last + ms - clock.now();
      if (wait <= 0) fire();
      else timer = clock.setTimer(fire, wait);
    },
    hold() {
      last = Math.max(last, clock.now());
    },
    cancel() {
      if (timer != null) clock.clearTimer(timer);
      timer = null;
      pending = null;
    },
  };
}

/**
 * The time, kept fresh enough for a deadline: the component renders again just after `untilMs`
 * (the end of the ball being bowled), so an overlay tied to it clears on time.
 */
export function useNowPast(untilMs: number | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (untilMs == null) return;
    const t = setTimeout(() => setNow(Date.now()), Math.max(0, untilMs - Date.now()) + 1);
    return () => clearTimeout(t);
  }, [untilMs]);
  return now;
}
