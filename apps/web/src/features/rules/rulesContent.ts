// The Site Rules text, as data. Tabs are in the exact order and spelling of the spec (§2 "Site Rules
// screen"); the figures come from spec §9 ("Settlement rules text", "Binary session hours") and the
// conduct rules of spec §6. Sports the spec says nothing specific about get sober, standard exchange
// rules without figures of their own. Where the spec is silent, see docs/decisions.md ("rules").

/** One block of rule text inside a section. */
export type RuleBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'list'; readonly ordered?: boolean; readonly items: readonly string[] }
  | {
      readonly kind: 'table';
      readonly caption: string;
      readonly columns: readonly string[];
      readonly rows: readonly (readonly string[])[];
    }
  /** The panel has nothing to show (Teenpatti). */
  | { readonly kind: 'empty'; readonly text: string };

export interface RuleSection {
  readonly heading?: string;
  readonly blocks: readonly RuleBlock[];
}

export interface RuleTab {
  /** Stable slug, used in element ids and deep links. */
  readonly id: string;
  /** The tab's label, exactly as the spec spells it. */
  readonly label: string;
  readonly sections: readonly RuleSection[];
}

const p = (text: string): RuleBlock => ({ kind: 'paragraph', text });
const ul = (...items: string[]): RuleBlock => ({ kind: 'list', items });

/** Spec §9 "Binary session hours (Monday to Friday)", in Indian Standard Time. */
export const BINARY_SESSION_HOURS: readonly { readonly instruments: string; readonly hours: string }[] = [
  { instruments: 'NFY, B-NFY, AXS, ICI, RIL, SBI, TT STL', hours: '10:00-14:30' },
  { instruments: 'GOLD, SILVER, CRUDE', hours: '11:30-22:30' },
  { instruments: 'CMX CRUDE, DOWJONES, NASDAQ, SNP', hours: '19:30-24:00' },
];

/** Averages used in Big Bash League and IPL fancy when a match is abandoned or its overs are reduced. */
const T20_LEAGUE_AVERAGES: RuleBlock = {
  kind: 'table',
  caption: 'Average values used when a match is abandoned or its overs are reduced',
  columns: ['Market', 'Average'],
  rows: [
    ['Runs in the first over', '6 runs'],
    ['Runs in the first 6 overs', '46 runs'],
    ['Total fours in the match', '25 fours'],
    ['Total sixes in the match', '10 sixes'],
    ['Total wickets in the match', '12 wickets'],
  ],
};

const IN_PLAY_DELAY =
  'In-play bets are accepted after a short delay. If the rate changes during that delay, your bet is placed only if the rate you asked for is still available.';

/** General rules and the conduct rules of spec §6: they apply to every market. */
export const GENERAL_RULES: RuleSection = {
  heading: 'General rules (apply to every market)',
  blocks: [
    ul(
      'Any query about a result or a rate must be raised within 7 days of the event. Queries raised later cannot be considered.',
      'If a bet has to be deleted (for example because it was accepted at a wrong rate or after the market should have been suspended), it is removed from your account within 24 hours and your balance and exposure are corrected.',
      'The live TV has a delay of about 5 seconds. It is a guide only; bets are settled on the official result, not on what the TV shows.',
      'The management’s decision is final in every matter, including results, settlement and disputes.',
    ),
    p(
      'Fair play. The company may suspend an id, or void its bets, when they look illegitimate: for example bets placed through a VPN, with a robot or other automated software, as multiple entries from the same IP address, or by punching (placing many bets at the same moment). In such cases only the winning bets are voided; losing bets stand. Traders may block an id at any time for suspicious activity.',
    ),
  ],
};

/** A tab's own sections followed by the general rules. */
const withGeneral = (...sections: RuleSection[]): readonly RuleSection[] => [...sections, GENERAL_RULES];

export const RULE_TABS: readonly RuleTab[] = [
  {
    id: 'horse-racing',
    label: 'Horse Racing',
    sections: withGeneral(
      {
        heading: 'Results',
        blocks: [
          ul(
            'Bets are settled on the official result declared at the weigh-in. Any later change to that result, such as a stewards’ decision or an appeal, is ignored.',
            'If two or more horses dead-heat, the winnings are divided between them in the usual way.',
          ),
        ],
      },
      {
        heading: 'When bets are void',
        blocks: [
          p('All bets on a race are void if the race is:'),
          ul(
            'abandoned;',
            'a walkover;',
            'moved to a different venue;',
            'not run on the day it was scheduled for (the local day at the course).',
          ),
          p(
            'If the race is moved to a different surface (for example from turf to all-weather) at the same venue, bets stand.',
          ),
        ],
      },
      {
        heading: 'Non-runners and reduction factors',
        blocks: [
          p(
            'When a horse is withdrawn after the market has opened, it is given a reduction factor (RF): a percentage that reflects its chance of winning when it was withdrawn. Bets matched on the other horses before the withdrawal have their odds reduced, so that the price you took stays fair for the smaller field. Unmatched bets on the withdrawn horse are cancelled.',
          ),
          ul(
            'Win market: the reduction applies only when the RF is 2.5% or more. The odds are reduced by the RF: for example 8.00 with an RF of 25% becomes 6.00. Unmatched lay bets on the other horses are then cancelled too. Below 2.5% nothing changes.',
            'Place market: the reduction always applies, whatever the RF, to the winnings part of the odds: for example 8.00 with an RF of 25% becomes 6.25. Unmatched lay bets on the other horses are cancelled when the RF is 4.0% or more.',
            'After a reduction, odds never fall below 1.01.',
            'Reduction factors may be updated until about 15 minutes after the off (about 5 minutes for Australian and US races). Bets are settled on the final figures.',
          ),
        ],
      },
    ),
  },
  {
    id: 'handball',
    label: 'Handball',
    sections: withGeneral({
      heading: 'Handball',
      blocks: [
        ul(
          'Match markets are settled on the official result at the end of regular time. Extra time and penalty throws after a draw do not count unless the market name says they do.',
          'If a match is abandoned, or postponed and not played as scheduled, bets on markets that are not yet decided are void. Markets already decided (for example the first-half result once the first half is over) stand.',
          'A change of venue does not void bets.',
          IN_PLAY_DELAY,
        ),
      ],
    }),
  },
  {
    id: 'table-tennis',
    label: 'Table Tennis',
    sections: withGeneral({
      heading: 'Table tennis',
      blocks: [
        ul(
          'Match markets are settled on the official result.',
          'If a match does not start, or is awarded as a walkover, all bets are void.',
          'If a match starts but is not completed (for example a player retires or is disqualified), bets on markets that are not yet decided are void. Games already completed are settled on their result.',
          IN_PLAY_DELAY,
        ),
      ],
    }),
  },
  {
    id: 'basketball',
    label: 'Basketball',
    sections: withGeneral({
      heading: 'Basketball',
      blocks: [
        ul(
          'Match markets include overtime unless the market name says otherwise.',
          'If a match is stopped and not resumed, match bets stand only if 5 minutes or less of playing time were left; they are then settled on the score when play stopped. If more time was left, match bets are void.',
          'Quarter and half markets are settled if that quarter or half was completed; otherwise they are void.',
          IN_PLAY_DELAY,
        ),
      ],
    }),
  },
  {
    id: 'vollyball',
    label: 'Vollyball',
    sections: withGeneral({
      heading: 'Volleyball',
      blocks: [
        ul(
          'Match markets are settled on the official result.',
          'If a match does not start, or is not completed, bets on markets that are not yet decided are void. Sets already completed are settled on their result.',
          'Point handicaps and totals count every point of every set played in the match.',
          IN_PLAY_DELAY,
        ),
      ],
    }),
  },
  {
    id: 'ice-hockey',
    label: 'Ice Hockey',
    sections: withGeneral({
      heading: 'Ice hockey',
      blocks: [
        ul(
          'Match odds (home, draw, away) are settled on regular time only. Overtime and shoot-outs do not count.',
          'Markets named “including overtime” (or money line) include overtime and any shoot-out.',
          'If a match is abandoned, or postponed and not played as scheduled, bets on markets that are not yet decided are void.',
          IN_PLAY_DELAY,
        ),
      ],
    }),
  },
  {
    id: 'football',
    label: 'Football',
    sections: withGeneral(
      {
        heading: 'Regular time',
        blocks: [
          p(
            'Football markets are settled on regular time: the full match plus any stoppage time added by the referee. Extra time, golden goals and penalty shoot-outs do not count unless the market says so (for example a “To Qualify” market).',
          ),
        ],
      },
      {
        heading: 'Abandoned and postponed matches',
        blocks: [
          ul(
            'If a match is not played within 48 hours of its scheduled kick-off, all bets are void.',
            'If a match is abandoned, bets on markets not yet decided are void. Markets already decided (for example the first-half result, or a goal line already passed) stand.',
          ),
        ],
      },
      {
        heading: 'Results',
        blocks: [
          ul(
            'Results are taken from the official match result at the final whistle. Later changes, such as a result overturned by a disciplinary body, are ignored.',
            IN_PLAY_DELAY,
          ),
        ],
      },
    ),
  },
  {
    id: 'tennis',
    label: 'Tennis',
    sections: withGeneral({
      heading: 'Tennis',
      blocks: [
        ul(
          'If a match does not start, or a player gives a walkover, all bets are void.',
          'If a player retires or is disqualified once the match has started, match odds are settled on the player who goes through to the next round (or wins the title, in a final).',
          'Set and game markets already decided stand; those not yet decided when the match ends early are void.',
          'If a match is interrupted (rain, bad light), bets stand as long as it is completed during the same tournament.',
          'A change of court, surface, or from outdoor to indoor does not void bets.',
        ),
      ],
    }),
  },
  {
    id: 'snooker',
    label: 'Snooker',
    sections: withGeneral({
      heading: 'Snooker',
      blocks: [
        ul(
          'Match markets are settled on the official result.',
          'If a match does not start, all bets are void.',
          'If a match starts but is not completed, match odds are settled on the player who goes through to the next round; frame handicaps, total frames and frames not yet completed are void.',
          'A re-racked frame counts only once: the frame that is completed decides the frame markets.',
        ),
      ],
    }),
  },
  {
    id: 'e-games',
    label: 'E-Games',
    sections: withGeneral({
      heading: 'E-Games (esports)',
      blocks: [
        ul(
          'Markets are settled on the official result published by the tournament organiser, including any overtime played to decide a map or game.',
          'If a match is cancelled, or a team forfeits or gives a walkover before it starts, all bets are void.',
          'If a team forfeits after the match has started, markets already decided stand and the rest are void.',
          'If a map or game is replayed from the start because of a technical problem, only the replay counts.',
          'A change in a team’s line-up does not void bets.',
        ),
      ],
    }),
  },
  {
    id: 'fustal',
    label: 'Fustal',
    sections: withGeneral({
      heading: 'Futsal',
      blocks: [
        ul(
          'Futsal markets are settled on regular time: both halves as timed by the officials. Extra time and penalty shoot-outs do not count unless the market says so.',
          'As in football, if a match is not played within 48 hours of its scheduled start, all bets are void.',
          'If a match is abandoned, bets on markets not yet decided are void; markets already decided stand.',
          IN_PLAY_DELAY,
        ),
      ],
    }),
  },
  {
    id: 'big-bash-league',
    label: 'Big Bash League',
    sections: withGeneral(
      {
        heading: 'Abandoned matches and reduced overs',
        blocks: [
          p(
            'If a match is abandoned or its overs are reduced, fancy markets are settled on average values instead of the actual score:',
          ),
          T20_LEAGUE_AVERAGES,
          p(
            'Averages can differ by ground and by event. Where a different average is announced for a ground or event, that figure applies.',
          ),
        ],
      },
      {
        heading: 'Players and super overs',
        blocks: [
          ul(
            'A player who is dropped from the playing eleven for 3 matches is removed from the player markets, and bets on that player are void.',
            'Super overs do not count in any fancy market.',
          ),
        ],
      },
      {
        heading: 'Caribbean Premier League (CPL)',
        blocks: [
          ul(
            'The same rules apply to CPL fancy, with CPL figures: the average for runs in the first 6 overs is 45 runs, and the default total of fours in a match is 22 fours.',
            'CPL tournament markets are based on the full fixture of 33 matches.',
          ),
        ],
      },
    ),
  },
  {
    id: 'lunch-favourite',
    label: 'Lunch Favourite',
    sections: withGeneral({
      heading: 'Lunch Favourite',
      blocks: [
        p(
          'This market asks which team will be the favourite at the lunch interval of the day named in the market: the team with the lower rate in our match market at the moment lunch is taken.',
        ),
        ul(
          'If the match is decided before lunch, the winning team counts as the favourite.',
          'If both teams have the same rate at lunch, all bets are void.',
          'If no lunch interval is taken that day (for example because there is no play), all bets are void.',
        ),
      ],
    }),
  },
  {
    id: 'politics',
    label: 'Politics',
    sections: withGeneral({
      heading: 'Politics',
      blocks: [
        ul(
          'Political markets (for example who will become Prime Minister or Chief Minister) are settled on the official announcement, and for offices on the person who is sworn in.',
          'Later events, such as a resignation, a court case or a change of government, do not change the settlement.',
          'If the event does not take place, or is postponed with no new date, all bets are void.',
          'A market on a party counts that party only, not its alliance, unless the market name says otherwise.',
        ),
      ],
    }),
  },
  {
    id: 'bookmaker',
    label: 'Bookmaker',
    sections: withGeneral(
      {
        heading: 'How Bookmaker works',
        blocks: [
          ul(
            'Bookmaker rates are shown in the Indian format: a rate of 45 means a stake of ₹100 wins ₹45 (decimal odds 1.45).',
            'Bets are matched at once by the house at the rate shown, within the minimum and maximum stake of the market. If the rate changes before your bet arrives, it is not accepted at the old rate.',
            'Bets accepted at an obviously wrong rate, or after the market should have been suspended (for example after a ball was bowled), are void.',
          ),
        ],
      },
      {
        heading: 'Results',
        blocks: [
          ul(
            'Bookmaker markets are settled on the official result of the match.',
            'If a match cannot be completed, it is decided by comparing the two teams’ scores after the same number of overs: 25 overs of each innings in an ODI, 10 overs of each innings in a T20. The team with more runs at that point wins. If either team has not batted that many overs, all bets are void.',
            'Any query about a Bookmaker result must be raised within 7 days.',
          ),
        ],
      },
    ),
  },
  {
    id: 'teenpatti',
    label: 'Teenpatti',
    sections: [{ blocks: [{ kind: 'empty', text: 'No records found' }] }],
  },
  {
    id: 'cricketcasino',
    label: 'CricketCasino',
    sections: withGeneral({
      heading: 'CricketCasino',
      blocks: [
        p(
          'CricketCasino markets are decided by the last digit (0 to 9) of the score named in the market, for example a team’s runs at the end of a stated over.',
        ),
        ul(
          'If the innings ends before that over because the team is all out or reaches its target, the score at the end of the innings counts.',
          'If that over is not reached for any other reason (rain, abandonment, overs reduced), all bets are void.',
          'Scores are taken from the official scorecard.',
        ),
      ],
    }),
  },
  {
    id: 'fancy-market-1',
    label: 'Fancy Market 1',
    sections: withGeneral({
      heading: 'Fancy Market 1',
      blocks: [
        p(
          'Fancy Market 1 offers back and lay prices on cricket propositions, such as whether a batsman will make a fifty or which team will lead after a stated over.',
        ),
        ul(
          'Markets are settled on the official scorecard.',
          'If a market cannot be decided because the match or innings is abandoned or its overs are reduced, bets are void, unless the proposition was already decided before play stopped.',
          'Super overs do not count.',
        ),
      ],
    }),
  },
  {
    id: 'football-fancy',
    label: 'Football Fancy',
    sections: withGeneral({
      heading: 'Football Fancy',
      blocks: [
        p('Football Fancy markets cover goals, corners and cards, for the match, a team or a half.'),
        ul(
          'They are settled on regular time, including stoppage time only. Extra time and penalty shoot-outs do not count.',
          'If the match is not played within 48 hours of its scheduled kick-off, all bets are void.',
          'If the match is abandoned, markets already decided stand and the rest are void.',
          'Figures are taken from the official match statistics.',
        ),
      ],
    }),
  },
  {
    id: 'ipl',
    label: 'IPL',
    sections: withGeneral(
      {
        heading: 'Tournament markets',
        blocks: [
          p(
            'IPL tournament markets (for example total sixes in the tournament) are based on the full fixture of 74 matches. When a match is abandoned or its overs are reduced, the averages below are used in place of the missing figures.',
          ),
        ],
      },
      {
        heading: 'Abandoned matches and reduced overs',
        blocks: [
          T20_LEAGUE_AVERAGES,
          p(
            'Averages can differ by ground and by event. Where a different average is announced for a ground or event, that figure applies.',
          ),
        ],
      },
      {
        heading: 'Players and super overs',
        blocks: [
          ul(
            'A player who is dropped from the playing eleven for 3 matches is removed from the player markets, and bets on that player are void.',
            'Super overs do not count in any fancy market.',
          ),
        ],
      },
    ),
  },
  {
    id: 'kabaddi',
    label: 'Kabaddi',
    sections: withGeneral({
      heading: 'Kabaddi',
      blocks: [
        ul(
          'Match markets are settled on the official result at full time.',
          'If the match ends in a tie, it is settled as a tie where the market offers a tie; otherwise bets are void. A tie-break counts only in matches whose official result is decided by one.',
          'If a match is abandoned, or postponed and not played as scheduled, bets on markets not yet decided are void.',
          IN_PLAY_DELAY,
        ),
      ],
    }),
  },
  {
    id: 'world-cup',
    label: 'World Cup',
    // The spec shows this panel cut off: it ends mid-sentence, and nothing follows.
    sections: [
      {
        heading: 'World Cup',
        blocks: [
          p(
            'World Cup fancy and tournament markets are settled on the official scorecards of the tournament’s matches.',
          ),
          p(
            'If a match is abandoned or its overs are reduced, per-team averages for each game are used instead of the actual figures: for example 295 runs for one team, and for fours, sixes and wickets the averages are…',
          ),
        ],
      },
    ],
  },
  {
    id: 'khado',
    label: 'Khado',
    sections: withGeneral(
      {
        heading: 'Khado',
        blocks: [
          ul(
            'A Khado bet wins if the figure (for example a team’s runs) ends within the range of runs you chose.',
            'At least 70 overs must be played for Khado bets to stand; if fewer are played, all Khado bets are void.',
          ),
        ],
      },
      {
        heading: 'Lambi',
        blocks: [
          ul(
            'Lambi is a Yes/No market on the total runs of a full innings.',
            'In a Test match, at least 70 overs must be played in that innings for Lambi bets to stand, unless the team is all out.',
          ),
        ],
      },
      {
        heading: 'Meter',
        blocks: [
          ul(
            'Meter bets win or lose by the difference between the final figure and the line you bet at.',
            'The midpoint rule applies: if a Meter market closes without a final figure, it is settled on the midpoint of its last No and Yes values.',
          ),
        ],
      },
    ),
  },
  {
    id: 'election',
    label: 'Election',
    sections: withGeneral({
      heading: 'Election',
      blocks: [
        ul(
          'Election markets are settled on the official results declared by the Election Commission (or the official body for that election) when counting ends.',
          'Later changes, such as recounts, court rulings, by-elections or members changing party, are ignored.',
          'Seats are counted for the party named in the market only, not its alliance, unless the market name says otherwise.',
          'If the election is cancelled, or postponed with no new date, all bets are void.',
        ),
      ],
    }),
  },
  {
    id: 'fancy',
    label: 'Fancy',
    sections: withGeneral(
      {
        heading: 'Session fancy',
        blocks: [
          ul(
            'Fancy (session) markets are Yes/No bets on a line, for example No 45 or Yes 46 runs after a stated over. They are settled on the official scorecard.',
            'If the innings ends early because the team is all out or reaches its target, the session is settled on the score at that point.',
            'If a session cannot be completed for any other reason (rain, overs reduced, abandonment), bets on it are void, unless the line was already passed.',
            'If a batsman retires hurt, his score when he left counts unless he returns to bat in the same innings.',
            'Super overs do not count.',
          ),
        ],
      },
      {
        heading: 'Test matches',
        blocks: [
          ul(
            'Match-wide events (for example total fours or sixes in the match) need 300 overs to be played.',
            'A Lambi (innings total) needs 70 overs to be played in that innings, unless the team is all out.',
            'A 1st day session market needs 25 overs to be played in that session.',
            'A 1st day total needs 80 overs to be played on the first day.',
            'If those overs are not played, bets on the market are void.',
          ),
        ],
      },
      {
        heading: 'One-day and T20 matches',
        blocks: [
          p(
            'When a match is abandoned or its overs are reduced, match totals are settled on averages. In a T20 match the default total of fours is 24 fours; league matches use the averages shown on the Big Bash League and IPL tabs.',
          ),
        ],
      },
      {
        heading: 'Top batsman',
        blocks: [
          p(
            'If two or more batsmen finish level as top batsman (a dead heat), winning bets are paid at 50% of the rate.',
          ),
        ],
      },
    ),
  },
  {
    id: 'match',
    label: 'Match',
    sections: withGeneral(
      {
        heading: 'Tennis match',
        blocks: [
          ul(
            'If a match does not start, or a player gives a walkover, all bets are void.',
            'If a player retires or is disqualified once the match has started, the player who goes through to the next round is the winner.',
          ),
        ],
      },
      {
        heading: 'Football match',
        blocks: [
          ul(
            'Match odds are settled on regular time, including stoppage time only. Extra time and penalty shoot-outs do not count.',
            'If the match is not played within 48 hours of its scheduled kick-off, all bets are void.',
          ),
        ],
      },
    ),
  },
  {
    id: 'binary',
    label: 'Binary',
    sections: withGeneral(
      {
        heading: 'Binary sessions',
        blocks: [
          p(
            'Binary markets are Yes/No bets on the level of an index, share or commodity at the close of its session. Sessions run Monday to Friday, at the hours below (Indian Standard Time):',
          ),
          {
            kind: 'table',
            caption: 'Binary session hours (Monday to Friday)',
            columns: ['Instruments', 'Hours'],
            rows: BINARY_SESSION_HOURS.map((s) => [s.instruments, s.hours]),
          },
        ],
      },
      {
        heading: 'Settlement',
        blocks: [
          ul(
            'Bets are settled on the official settlement price published after the session closes.',
            'There are no sessions on Saturdays and Sundays, or on days when the underlying exchange is closed.',
            'If no official settlement price is published for a session, all bets on it are void.',
          ),
        ],
      },
    ),
  },
];
