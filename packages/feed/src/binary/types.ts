// The instrument price feed's port (docs/binary.md "Feed"): whatever produces prices — the demo
// random walk, a recorded file, a real market-data connection — is an InstrumentFeed the server's
// binary plugin advances to its clock once a second on the leader.

/** One price of one instrument: its spec code ('NFY'), when (ms since the epoch), the price. */
export type FeedTick = { readonly code: string; readonly t: number; readonly price: number };

export interface InstrumentFeed {
  /** Where it comes from, for the logs ('random-walk', 'replay:<file>'). */
  readonly name: string;
  /**
   * Every tick after the previous call's `to_ms` (the first call: after the feed's start) up to
   * and including `to_ms`, oldest first. Called with a non-decreasing `to_ms`; a call that goes
   * back in time returns nothing.
   */
  advance(to_ms: number): FeedTick[];
  /**
   * The holiday calendar changed: a feed that keeps each instrument's session phase (open or not)
   * between calls forgets it, so the next `advance` asks the calendar afresh. Absent: it keeps none.
   */
  calendarChanged?(): void;
}
