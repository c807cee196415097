import { z } from 'zod';
import {
  casinoSport,
  cup,
  getMatchesRequest,
  getSeriesHeaderRequest,
  getSeriesRequest,
  getSportsRequest,
  match,
  searchGroup,
  searchRequest,
  series,
  seriesHeaderEntry,
  sport,
  venueEntry,
  venueListRequest,
} from '../catalog.ts';
import { defineEndpoints } from '../endpoint.ts';

/** The catalog: sports, series, matches, cups, casino sports, the search and the racing venues (the home screen, the header and the sidebar). */
export const catalogEndpoints = defineEndpoints({
  getSports: {
    method: 'POST',
    path: 'sport/getSports',
    access: 'user',
    summary: 'Sport list.',
    request: getSportsRequest,
    response: z.array(sport),
  },
  getSeriesHeader: {
    method: 'POST',
    path: 'series/getSeriesHeader',
    access: 'user',
    summary: 'Sports with their series (1: header) or with series and matches (2: sidebar).',
    request: getSeriesHeaderRequest,
    response: z.array(seriesHeaderEntry),
  },
  getSeries: {
    method: 'POST',
    path: 'series/getSeries',
    access: 'user',
    summary: 'Series of a sport.',
    request: getSeriesRequest,
    response: z.array(series),
  },
  getMatches: {
    method: 'POST',
    path: 'match/getMatches',
    access: 'user',
    summary: 'Matches of a sport and/or series, soonest first.',
    request: getMatchesRequest,
    response: z.array(match),
  },
  getCupsForMenu: {
    method: 'GET',
    path: 'match/getCupsForMenu',
    access: 'user',
    summary: 'Cup menu entries.',
    response: z.array(cup),
  },
  getCasinoSport: {
    method: 'GET',
    path: 'casino/getCasinoSport',
    access: 'user',
    summary: 'Casino sports (for example matka, worldcasino).',
    response: z.array(casinoSport),
  },
  searchByMatchNameHeader: {
    method: 'POST',
    path: 'match/searchByMatchNameHeader',
    access: 'user',
    summary: 'Matches whose name contains the text (case-insensitive), grouped by sport; at most 50.',
    request: searchRequest,
    response: z.array(searchGroup),
  },
  getMatchVenueListByCountryCodeSportId: {
    method: 'POST',
    path: 'match/getMatchVenueListByCountryCodeSportId',
    access: 'user',
    summary: 'Races of a racing sport on a day (UTC+5:30) in a country, grouped by venue.',
    request: venueListRequest,
    response: z.array(venueEntry),
  },
});
