import { useEffect } from 'react';
import './LegalPage.css';

type Section = {
  heading: string;
  paragraphs: string[];
  /** Tools described as a list: name, then what it does. */
  items?: [string, string][];
  /** A closing line with a link into the app. */
  link?: { before: string; href: string; label: string; after: string };
};

const TERMS: Section[] = [
  {
    heading: 'Who may use Backlay',
    paragraphs: [
      'Backlay is a betting exchange for adults. You must be 18 years of age or older and allowed to bet where you live. Accounts are personal: do not share your login or let anyone else bet for you.',
      'Accounts are opened by your agent or, where offered, by sign-up. We may ask you to verify your identity and age at any time.',
    ],
  },
  {
    heading: 'Bets and settlement',
    paragraphs: [
      'Bets are settled by the Site Rules shown under Rules. Results and rates may be queried within 7 days of settlement; after that the result stands.',
      'Bets that we find to be placed by illegitimate means (VPN, robots, several entries from the same IP, punching) may be voided; only winning bets are voided in that case. Management decisions are final.',
      'The live TV picture may run several seconds behind the event. Bet on the market prices, not on the picture.',
    ],
  },
  {
    heading: 'Your account and money',
    paragraphs: [
      'Your balance and exposure are shown in the header. A bet is refused when its exposure would exceed your available balance.',
      'Keep your password secret and turn on Security Auth Verification. We will never ask for your password by phone or chat.',
    ],
  },
  {
    heading: 'Changes',
    paragraphs: ['We may change these terms; the version on this page is the one in force.'],
  },
];

const RESPONSIBLE: Section[] = [
  {
    heading: 'Bet for fun, not for money',
    paragraphs: [
      'Betting should be entertainment. Decide before you start how much money and time you are willing to spend, and stop when you reach it.',
      'Never chase losses, and never bet with money you need for rent, bills or food.',
    ],
  },
  {
    heading: 'Tools to stay in control',
    paragraphs: [
      'Signed in, open Responsible Gaming settings to use these tools. They are enforced by our servers, on every device you use.',
    ],
    items: [
      [
        'Deposit limits',
        'The most you can deposit in a day (24 hours), a week (7 days) or a month (30 days), counting deposits still waiting for approval. A deposit over a limit is refused.',
      ],
      [
        'Loss limits',
        'The most your settled bets can lose in a day, a week or a month. A bet that could lose more than what is left of the limit is refused.',
      ],
      [
        'Changing a limit',
        'Lowering a limit, or setting a first one, counts at once. Raising or removing a limit counts only after 24 hours; until then the lower limit stays.',
      ],
      [
        'Reality check',
        'A reminder every 15 minutes to 2 hours while you are logged in, showing how long you have played and your result in this session.',
      ],
      [
        'Time-out',
        'A short break of 24 hours, 7 days or 30 days. You are logged out everywhere at once and cannot log in until it ends.',
      ],
      [
        'Self-exclusion',
        'A long break of 6 months, 1 year or 5 years, for when betting has become a problem. Like a time-out, it cannot be shortened.',
      ],
    ],
    link: {
      before: 'Open bets stand and settle as usual during a break, and your balance stays yours. ',
      href: '#/setting/responsible-gaming',
      label: 'Set your limits',
      after: ' (you will be asked to log in).',
    },
  },
  {
    heading: 'Warning signs',
    paragraphs: [
      'Betting more than you meant to, borrowing to bet, hiding your betting from family, or feeling anxious when you are not betting are signs that betting is becoming a problem.',
    ],
  },
  {
    heading: 'Getting help',
    paragraphs: [
      'Contact 24X7 Support to ask your agent to limit or close your account. Independent help is available from organisations such as GamCare and Gamblers Anonymous.',
    ],
  },
  {
    heading: 'Protecting minors',
    paragraphs: [
      'Under-18s may not bet; their winnings are forfeited. If children share your device, use filtering software that blocks gambling sites, and never leave your account signed in.',
    ],
  },
];

const PAGES = {
  'terms-and-conditions': { title: 'Terms and Conditions', sections: TERMS },
  'responsible-gaming': { title: 'Responsible Gaming', sections: RESPONSIBLE },
} as const;

export type LegalPageId = keyof typeof PAGES;

export function LegalPage({ page }: { page: LegalPageId }) {
  const { title, sections } = PAGES[page];
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [page]);
  return (
    <article className="legal" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      {sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.items ? (
            <dl className="legal__tools">
              {s.items.map(([term, text]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {s.link ? (
            <p>
              {s.link.before}
              <a href={s.link.href}>{s.link.label}</a>
              {s.link.after}
            </p>
          ) : null}
        </section>
      ))}
    </article>
  );
}
