// The Site Rules text, as data. Tabs are in the exact order and spelling of the spec (§2 "Site Rules
// screen"); the figures come from spec §9 ("Settlement rules text", "Binary session hours") and the
// conduct rules of spec §6. Sports the spec says nothing specific about get sober, standard exchange
// rules without figures of their own. Where the spec is silent, see docs/decisions.md ("rules").
//
// Every text here is a message id of the `rules` catalogue (locales/en.po holds the English,
// locales/hi.po the Hindi); RulesContent translates them when it renders (docs/i18n.md).
import { msgId } from '../../lib/i18n/catalog.ts';

/** A table cell: a message id, or data shown as it is (an instrument's code, a time of day). */
export type RuleCell = string | { readonly data: string };

/** One block of rule text inside a section (texts are message ids). */
export type RuleBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'list'; readonly ordered?: boolean; readonly items: readonly string[] }
  | {
      readonly kind: 'table';
      readonly caption: string;
      readonly columns: readonly string[];
      readonly rows: readonly (readonly RuleCell[])[];
    }
  /** The panel has nothing to show (Teenpatti). */
  | { readonly kind: 'empty'; readonly text: string };

export interface RuleSection {
  /** The heading's message id. */
  readonly heading?: string;
  readonly blocks: readonly RuleBlock[];
}

export interface RuleTab {
  /** Stable slug, used in element ids and deep links. */
  readonly id: string;
  /** The tab label's message id (its English exactly as the spec spells it). */
  readonly label: string;
  readonly sections: readonly RuleSection[];
}

const p = (text: string): RuleBlock => ({ kind: 'paragraph', text });
const ul = (...items: string[]): RuleBlock => ({ kind: 'list', items });

/** Spec §9 "Binary session hours (Monday to Friday)", in Indian Standard Time: codes and times, the same in every language. */
export const BINARY_SESSION_HOURS: readonly { readonly instruments: string; readonly hours: string }[] = [
  { instruments: 'NFY, B-NFY, AXS, ICI, RIL, SBI, TT STL', hours: '10:00-14:30' },
  { instruments: 'GOLD, SILVER, CRUDE', hours: '11:30-22:30' },
  { instruments: 'CMX CRUDE, DOWJONES, NASDAQ, SNP', hours: '19:30-24:00' },
];

/** Averages used in Big Bash League and IPL fancy when a match is abandoned or its overs are reduced. */
const T20_LEAGUE_AVERAGES: RuleBlock = {
  kind: 'table',
  caption: msgId('rules.t20Averages.caption'),
  columns: [msgId('rules.t20Averages.col1'), msgId('rules.t20Averages.col2')],
  rows: [
    [msgId('rules.t20Averages.row1.c1'), msgId('rules.t20Averages.row1.c2')],
    [msgId('rules.t20Averages.row2.c1'), msgId('rules.t20Averages.row2.c2')],
    [msgId('rules.t20Averages.row3.c1'), msgId('rules.t20Averages.row3.c2')],
    [msgId('rules.t20Averages.row4.c1'), msgId('rules.t20Averages.row4.c2')],
    [msgId('rules.t20Averages.row5.c1'), msgId('rules.t20Averages.row5.c2')],
  ],
};

/** General rules and the conduct rules of spec §6: they apply to every market. */
export const GENERAL_RULES: RuleSection = {
  heading: msgId('rules.general.heading'),
  blocks: [
    ul(
      msgId('rules.general.list1.item1'),
      msgId('rules.general.list1.item2'),
      msgId('rules.general.list1.item3'),
      msgId('rules.general.list1.item4'),
    ),
    p(msgId('rules.general.p1')),
  ],
};

/** A tab's own sections followed by the general rules. */
const withGeneral = (...sections: RuleSection[]): readonly RuleSection[] => [...sections, GENERAL_RULES];

export const RULE_TABS: readonly RuleTab[] = [
  {
    id: 'horse-racing',
    label: msgId('rules.tab.horseRacing'),
    sections: withGeneral(
      {
        heading: msgId('rules.horseRacing.s1.heading'),
        blocks: [ul(msgId('rules.horseRacing.s1.list1.item1'), msgId('rules.horseRacing.s1.list1.item2'))],
      },
      {
        heading: msgId('rules.horseRacing.s2.heading'),
        blocks: [
          p(msgId('rules.horseRacing.s2.p1')),
          ul(
            msgId('rules.horseRacing.s2.list1.item1'),
            msgId('rules.horseRacing.s2.list1.item2'),
            msgId('rules.horseRacing.s2.list1.item3'),
            msgId('rules.horseRacing.s2.list1.item4'),
          ),
          p(msgId('rules.horseRacing.s2.p2')),
        ],
      },
      {
        heading: msgId('rules.horseRacing.s3.heading'),
        blocks: [
          p(msgId('rules.horseRacing.s3.p1')),
          ul(
            msgId('rules.horseRacing.s3.list1.item1'),
            msgId('rules.horseRacing.s3.list1.item2'),
            msgId('rules.horseRacing.s3.list1.item3'),
            msgId('rules.horseRacing.s3.list1.item4'),
          ),
        ],
      },
    ),
  },
  {
    id: 'handball',
    label: msgId('rules.tab.handball'),
    sections: withGeneral({
      heading: msgId('rules.handball.s1.heading'),
      blocks: [
        ul(
          msgId('rules.handball.s1.list1.item1'),
          msgId('rules.handball.s1.list1.item2'),
          msgId('rules.handball.s1.list1.item3'),
          msgId('rules.shared.inPlayDelay'),
        ),
      ],
    }),
  },
  {
    id: 'table-tennis',
    label: msgId('rules.tab.tableTennis'),
    sections: withGeneral({
      heading: msgId('rules.tableTennis.s1.heading'),
      blocks: [
        ul(
          msgId('rules.tableTennis.s1.list1.item1'),
          msgId('rules.tableTennis.s1.list1.item2'),
          msgId('rules.tableTennis.s1.list1.item3'),
          msgId('rules.shared.inPlayDelay'),
        ),
      ],
    }),
  },
  {
    id: 'basketball',
    label: msgId('rules.tab.basketball'),
    sections: withGeneral({
      heading: msgId('rules.basketball.s1.heading'),
      blocks: [
        ul(
          msgId('rules.basketball.s1.list1.item1'),
          msgId('rules.basketball.s1.list1.item2'),
          msgId('rules.basketball.s1.list1.item3'),
          msgId('rules.shared.inPlayDelay'),
        ),
      ],
    }),
  },
  {
    id: 'vollyball',
    label: msgId('rules.tab.vollyball'),
    sections: withGeneral({
      heading: msgId('rules.vollyball.s1.heading'),
      blocks: [
        ul(
          msgId('rules.vollyball.s1.list1.item1'),
          msgId('rules.vollyball.s1.list1.item2'),
          msgId('rules.vollyball.s1.list1.item3'),
          msgId('rules.shared.inPlayDelay'),
        ),
      ],
    }),
  },
  {
    id: 'ice-hockey',
    label: msgId('rules.tab.iceHockey'),
    sections: withGeneral({
      heading: msgId('rules.iceHockey.s1.heading'),
      blocks: [
        ul(
          msgId('rules.iceHockey.s1.list1.item1'),
          msgId('rules.iceHockey.s1.list1.item2'),
          msgId('rules.iceHockey.s1.list1.item3'),
          msgId('rules.shared.inPlayDelay'),
        ),
      ],
    }),
  },
  {
    id: 'football',
    label: msgId('rules.tab.football'),
    sections: withGeneral(
      {
        heading: msgId('rules.football.s1.heading'),
        blocks: [p(msgId('rules.football.s1.p1'))],
      },
      {
        heading: msgId('rules.football.s2.heading'),
        blocks: [ul(msgId('rules.football.s2.list1.item1'), msgId('rules.football.s2.list1.item2'))],
      },
      {
        heading: msgId('rules.football.s3.heading'),
        blocks: [ul(msgId('rules.football.s3.list1.item1'), msgId('rules.shared.inPlayDelay'))],
      },
    ),
  },
  {
    id: 'tennis',
    label: msgId('rules.tab.tennis'),
    sections: withGeneral({
      heading: msgId('rules.tennis.s1.heading'),
      blocks: [
        ul(
          msgId('rules.tennis.s1.list1.item1'),
          msgId('rules.tennis.s1.list1.item2'),
          msgId('rules.tennis.s1.list1.item3'),
          msgId('rules.tennis.s1.list1.item4'),
          msgId('rules.tennis.s1.list1.item5'),
        ),
      ],
    }),
  },
  {
    id: 'snooker',
    label: msgId('rules.tab.snooker'),
    sections: withGeneral({
      heading: msgId('rules.snooker.s1.heading'),
      blocks: [
        ul(
          msgId('rules.snooker.s1.list1.item1'),
          msgId('rules.snooker.s1.list1.item2'),
          msgId('rules.snooker.s1.list1.item3'),
          msgId('rules.snooker.s1.list1.item4'),
        ),
      ],
    }),
  },
  {
    id: 'e-games',
    label: msgId('rules.tab.eGames'),
    sections: withGeneral({
      heading: msgId('rules.eGames.s1.heading'),
      blocks: [
        ul(
          msgId('rules.eGames.s1.list1.item1'),
          msgId('rules.eGames.s1.list1.item2'),
          msgId('rules.eGames.s1.list1.item3'),
          msgId('rules.eGames.s1.list1.item4'),
          msgId('rules.eGames.s1.list1.item5'),
        ),
      ],
    }),
  },
  {
    id: 'fustal',
    label: msgId('rules.tab.fustal'),
    sections: withGeneral({
      heading: msgId('rules.fustal.s1.heading'),
      blocks: [
        ul(
          msgId('rules.fustal.s1.list1.item1'),
          msgId('rules.fustal.s1.list1.item2'),
          msgId('rules.fustal.s1.list1.item3'),
          msgId('rules.shared.inPlayDelay'),
        ),
      ],
    }),
  },
  {
    id: 'big-bash-league',
    label: msgId('rules.tab.bigBashLeague'),
    sections: withGeneral(
      {
        heading: msgId('rules.bigBashLeague.s1.heading'),
        blocks: [
          p(msgId('rules.bigBashLeague.s1.p1')),
          T20_LEAGUE_AVERAGES,
          p(msgId('rules.bigBashLeague.s1.p2')),
        ],
      },
      {
        heading: msgId('rules.bigBashLeague.s2.heading'),
        blocks: [
          ul(msgId('rules.bigBashLeague.s2.list1.item1'), msgId('rules.bigBashLeague.s2.list1.item2')),
        ],
      },
      {
        heading: msgId('rules.bigBashLeague.s3.heading'),
        blocks: [
          ul(msgId('rules.bigBashLeague.s3.list1.item1'), msgId('rules.bigBashLeague.s3.list1.item2')),
        ],
      },
    ),
  },
  {
    id: 'lunch-favourite',
    label: msgId('rules.tab.lunchFavourite'),
    sections: withGeneral({
      heading: msgId('rules.lunchFavourite.s1.heading'),
      blocks: [
        p(msgId('rules.lunchFavourite.s1.p1')),
        ul(
          msgId('rules.lunchFavourite.s1.list1.item1'),
          msgId('rules.lunchFavourite.s1.list1.item2'),
          msgId('rules.lunchFavourite.s1.list1.item3'),
        ),
      ],
    }),
  },
  {
    id: 'politics',
    label: msgId('rules.tab.politics'),
    sections: withGeneral({
      heading: msgId('rules.politics.s1.heading'),
      blocks: [
        ul(
          msgId('rules.politics.s1.list1.item1'),
          msgId('rules.politics.s1.list1.item2'),
          msgId('rules.politics.s1.list1.item3'),
          msgId('rules.politics.s1.list1.item4'),
        ),
      ],
    }),
  },
  {
    id: 'bookmaker',
    label: msgId('rules.tab.bookmaker'),
    sections: withGeneral(
      {
        heading: msgId('rules.bookmaker.s1.heading'),
        blocks: [
          ul(
            msgId('rules.bookmaker.s1.list1.item1'),
            msgId('rules.bookmaker.s1.list1.item2'),
            msgId('rules.bookmaker.s1.list1.item3'),
          ),
        ],
      },
      {
        heading: msgId('rules.bookmaker.s2.heading'),
        blocks: [
          ul(
            msgId('rules.bookmaker.s2.list1.item1'),
            msgId('rules.bookmaker.s2.list1.item2'),
            msgId('rules.bookmaker.s2.list1.item3'),
          ),
        ],
      },
    ),
  },
  {
    id: 'teenpatti',
    label: msgId('rules.tab.teenpatti'),
    sections: [
      {
        blocks: [{ kind: 'empty', text: msgId('rules.teenpatti.empty') }],
      },
    ],
  },
  {
    id: 'cricketcasino',
    label: msgId('rules.tab.cricketcasino'),
    sections: withGeneral({
      heading: msgId('rules.cricketcasino.s1.heading'),
      blocks: [
        p(msgId('rules.cricketcasino.s1.p1')),
        ul(
          msgId('rules.cricketcasino.s1.list1.item1'),
          msgId('rules.cricketcasino.s1.list1.item2'),
          msgId('rules.cricketcasino.s1.list1.item3'),
        ),
      ],
    }),
  },
  {
    id: 'fancy-market-1',
    label: msgId('rules.tab.fancyMarket1'),
    sections: withGeneral({
      heading: msgId('rules.fancyMarket1.s1.heading'),
      blocks: [
        p(msgId('rules.fancyMarket1.s1.p1')),
        ul(
          msgId('rules.fancyMarket1.s1.list1.item1'),
          msgId('rules.fancyMarket1.s1.list1.item2'),
          msgId('rules.fancyMarket1.s1.list1.item3'),
        ),
      ],
    }),
  },
  {
    id: 'football-fancy',
    label: msgId('rules.tab.footballFancy'),
    sections: withGeneral({
      heading: msgId('rules.footballFancy.s1.heading'),
      blocks: [
        p(msgId('rules.footballFancy.s1.p1')),
        ul(
          msgId('rules.footballFancy.s1.list1.item1'),
          msgId('rules.footballFancy.s1.list1.item2'),
          msgId('rules.footballFancy.s1.list1.item3'),
          msgId('rules.footballFancy.s1.list1.item4'),
        ),
      ],
    }),
  },
  {
    id: 'ipl',
    label: msgId('rules.tab.ipl'),
    sections: withGeneral(
      {
        heading: msgId('rules.ipl.s1.heading'),
        blocks: [p(msgId('rules.ipl.s1.p1'))],
      },
      {
        heading: msgId('rules.ipl.s2.heading'),
        blocks: [T20_LEAGUE_AVERAGES, p(msgId('rules.ipl.s2.p1'))],
      },
      {
        heading: msgId('rules.ipl.s3.heading'),
        blocks: [ul(msgId('rules.ipl.s3.list1.item1'), msgId('rules.ipl.s3.list1.item2'))],
      },
    ),
  },
  {
    id: 'kabaddi',
    label: msgId('rules.tab.kabaddi'),
    sections: withGeneral({
      heading: msgId('rules.kabaddi.s1.heading'),
      blocks: [
        ul(
          msgId('rules.kabaddi.s1.list1.item1'),
          msgId('rules.kabaddi.s1.list1.item2'),
          msgId('rules.kabaddi.s1.list1.item3'),
          msgId('rules.shared.inPlayDelay'),
        ),
      ],
    }),
  },
  {
    id: 'world-cup',
    label: msgId('rules.tab.worldCup'),
    // The spec shows this panel cut off: it ends mid-sentence, and nothing follows.
    sections: [
      {
        heading: msgId('rules.worldCup.s1.heading'),
        blocks: [p(msgId('rules.worldCup.s1.p1')), p(msgId('rules.worldCup.s1.p2'))],
      },
    ],
  },
  {
    id: 'khado',
    label: msgId('rules.tab.khado'),
    sections: withGeneral(
      {
        heading: msgId('rules.khado.s1.heading'),
        blocks: [ul(msgId('rules.khado.s1.list1.item1'), msgId('rules.khado.s1.list1.item2'))],
      },
      {
        heading: msgId('rules.khado.s2.heading'),
        blocks: [ul(msgId('rules.khado.s2.list1.item1'), msgId('rules.khado.s2.list1.item2'))],
      },
      {
        heading: msgId('rules.khado.s3.heading'),
        blocks: [ul(msgId('rules.khado.s3.list1.item1'), msgId('rules.khado.s3.list1.item2'))],
      },
    ),
  },
  {
    id: 'election',
    label: msgId('rules.tab.election'),
    sections: withGeneral({
      heading: msgId('rules.election.s1.heading'),
      blocks: [
        ul(
          msgId('rules.election.s1.list1.item1'),
          msgId('rules.election.s1.list1.item2'),
          msgId('rules.election.s1.list1.item3'),
          msgId('rules.election.s1.list1.item4'),
        ),
      ],
    }),
  },
  {
    id: 'fancy',
    label: msgId('rules.tab.fancy'),
    sections: withGeneral(
      {
        heading: msgId('rules.fancy.s1.heading'),
        blocks: [
          ul(
            msgId('rules.fancy.s1.list1.item1'),
            msgId('rules.fancy.s1.list1.item2'),
            msgId('rules.fancy.s1.list1.item3'),
            msgId('rules.fancy.s1.list1.item4'),
            msgId('rules.fancy.s1.list1.item5'),
          ),
        ],
      },
      {
        heading: msgId('rules.fancy.s2.heading'),
        blocks: [
          ul(
            msgId('rules.fancy.s2.list1.item1'),
            msgId('rules.fancy.s2.list1.item2'),
            msgId('rules.fancy.s2.list1.item3'),
            msgId('rules.fancy.s2.list1.item4'),
            msgId('rules.fancy.s2.list1.item5'),
          ),
        ],
      },
      {
        heading: msgId('rules.fancy.s3.heading'),
        blocks: [p(msgId('rules.fancy.s3.p1'))],
      },
      {
        heading: msgId('rules.fancy.s4.heading'),
        blocks: [p(msgId('rules.fancy.s4.p1'))],
      },
    ),
  },
  {
    id: 'match',
    label: msgId('rules.tab.match'),
    sections: withGeneral(
      {
        heading: msgId('rules.match.s1.heading'),
        blocks: [ul(msgId('rules.match.s1.list1.item1'), msgId('rules.match.s1.list1.item2'))],
      },
      {
        heading: msgId('rules.match.s2.heading'),
        blocks: [ul(msgId('rules.match.s2.list1.item1'), msgId('rules.match.s2.list1.item2'))],
      },
    ),
  },
  {
    id: 'binary',
    label: msgId('rules.tab.binary'),
    sections: withGeneral(
      {
        heading: msgId('rules.binary.s1.heading'),
        blocks: [
          p(msgId('rules.binary.s1.p1')),
          {
            kind: 'table',
            caption: msgId('rules.binary.s1.table1.caption'),
            columns: [msgId('rules.binary.s1.table1.col1'), msgId('rules.binary.s1.table1.col2')],
            rows: BINARY_SESSION_HOURS.map((s) => [{ data: s.instruments }, { data: s.hours }]),
          },
        ],
      },
      {
        heading: msgId('rules.binary.s2.heading'),
        blocks: [
          ul(
            msgId('rules.binary.s2.list1.item1'),
            msgId('rules.binary.s2.list1.item2'),
            msgId('rules.binary.s2.list1.item3'),
          ),
        ],
      },
    ),
  },
];
