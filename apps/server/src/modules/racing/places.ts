// Place terms and the reading of a weighed-in result into the WIN and PLACE markets' results
// (docs/racing.md). Pure: the service hands it the card's runners.

/** A race with this many declared runners or fewer has no PLACE market. */
export const NO_PLACE_MARKET_MAX_RUNNERS = 4;

/**
 * Places the PLACE market pays for a field of `runners` declared runners (the UK rule Betfair
 * follows): ≤ 4: none (1 = no PLACE market); 5–7: 2; 8–15: 3; 16 or more: 4 (handicaps too).
 * Fixed when the race is created: non-runners do not change them.
 */
export function placesPaidFor(runners: number): number {
  if (runners <= NO_PLACE_MARKET_MAX_RUNNERS) return 1;
  if (runners <= 7) return 2;
  if (runners <= 15) return 3;
  return 4;
}

/** A winners' result as the settlement service takes it (selection ids). */
export type MarketResult = {
  winners: number[];
  dead_heat_count?: number;
  /** A dead heat across the last place paid: these runners share `places` places. */
  dead_heats?: { selection_ids: number[]; places: number }[];
};

/** Each placing's position: 1 for the first; after a dead heat of k for position p, p + k. */
export function positionsOf(
  placings: readonly (readonly number[])[],
): { position: number; numbers: number[] }[] {
  let position = 1;
  return placings.map((numbers) => {
    const p = { position, numbers: [...numbers] };
    position += numbers.length;
    return p;
  });
}

/** The WIN market's result: the first placing (several numbers: a dead heat for first). */
export function winResult(
  placings: readonly (readonly number[])[],
  selectionOf: (n: number) => number,
): MarketResult {
  const first = placings[0] ?? [];
  const winners = first.map(selectionOf);
  return winners.length > 1 ? { winners, dead_heat_count: winners.length } : { winners };
}

/**
 * The PLACE market's result: every runner placed within the first `placesPaid` positions wins in
 * full; a dead heat across the last place paid (its runners reach past it) is a dead-heat group
 * sharing the places left, each paying on stake × places left / runners in the group.
 */
export function placeResult(
  placings: readonly (readonly number[])[],
  placesPaid: number,
  selectionOf: (n: number) => number,
): MarketResult {
  const winners: number[] = [];
  const deadHeats: NonNullable<MarketResult['dead_heats']> = [];
  let taken = 0;
  for (const numbers of placings) {
    if (taken >= placesPaid) break;
    const ids = numbers.map(selectionOf);
    winners.push(...ids);
    const left = placesPaid - taken;
    if (ids.length > left) deadHeats.push({ selection_ids: ids, places: left });
    taken += ids.length;
  }
  return deadHeats.length > 0 ? { winners, dead_heats: deadHeats } : { winners };
}

/** How many numbers the result must name: the places paid, or every runner left when fewer run. */
export function numbersRequired(placesPaid: number, running: number): number {
  return Math.min(placesPaid, running);
}
