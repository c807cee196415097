// Fantasy's table lives with its schemas (fantasy.ts); here so the bettor's app imports every
// feature's table from the same place (`@backlay/contract/bettor/<feature>`).
export { fantasyEndpoints } from '../fantasy.ts';
