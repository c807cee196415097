import { useEffect } from 'react';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import './LegalPage.css';

// Every text here is a message id of the `legal` catalogue (locales/en.po holds the English,
// locales/hi.po the Hindi); the page translates them when it renders (docs/i18n.md).
type Section = {
  heading: string;
  paragraphs: string[];
  /** Tools described as a list: name, then what it does. */
  items?: [string, string][];
  /** A closing line with a link into the app: its message marks the link's text as <0>…</0>. */
  link?: { message: string; href: string };
};

const TERMS: Section[] = [
  {
    heading: msgId('legal.terms.whoMayUse.heading'),
    paragraphs: [msgId('legal.terms.whoMayUse.p1'), msgId('legal.terms.whoMayUse.p2')],
  },
  {
    heading: msgId('legal.terms.bets.heading'),
    paragraphs: [msgId('legal.terms.bets.p1'), msgId('legal.terms.bets.p2'), msgId('legal.terms.bets.p3')],
  },
  {
    heading: msgId('legal.terms.account.heading'),
    paragraphs: [msgId('legal.terms.account.p1'), msgId('legal.terms.account.p2')],
  },
  {
    heading: msgId('legal.terms.changes.heading'),
    paragraphs: [msgId('legal.terms.changes.p1')],
  },
];

const RESPONSIBLE: Section[] = [
  {
    heading: msgId('legal.responsible.forFun.heading'),
    paragraphs: [msgId('legal.responsible.forFun.p1'), msgId('legal.responsible.forFun.p2')],
  },
  {
    heading: msgId('legal.responsible.tools.heading'),
    paragraphs: [msgId('legal.responsible.tools.p1')],
    items: [
      [
        msgId('legal.responsible.tools.depositLimits.term'),
        msgId('legal.responsible.tools.depositLimits.text'),
      ],
      [msgId('legal.responsible.tools.lossLimits.term'), msgId('legal.responsible.tools.lossLimits.text')],
      [
        msgId('legal.responsible.tools.changingLimit.term'),
        msgId('legal.responsible.tools.changingLimit.text'),
      ],
      [
        msgId('legal.responsible.tools.realityCheck.term'),
        msgId('legal.responsible.tools.realityCheck.text'),
      ],
      [msgId('legal.responsible.tools.timeOut.term'), msgId('legal.responsible.tools.timeOut.text')],
      [
        msgId('legal.responsible.tools.selfExclusion.term'),
        msgId('legal.responsible.tools.selfExclusion.text'),
      ],
    ],
    link: { message: msgId('legal.responsible.tools.setLimits'), href: '#/setting/responsible-gaming' },
  },
  {
    heading: msgId('legal.responsible.warningSigns.heading'),
    paragraphs: [msgId('legal.responsible.warningSigns.p1')],
  },
  {
    heading: msgId('legal.responsible.help.heading'),
    paragraphs: [msgId('legal.responsible.help.p1')],
  },
  {
    heading: msgId('legal.responsible.minors.heading'),
    paragraphs: [msgId('legal.responsible.minors.p1')],
  },
];

const PAGES = {
  'terms-and-conditions': { title: msgId('legal.terms.title'), sections: TERMS },
  'responsible-gaming': { title: msgId('legal.responsible.title'), sections: RESPONSIBLE },
} as const;

export type LegalPageId = keyof typeof PAGES;

export function LegalPage({ page }: { page: LegalPageId }) {
  const t = useT();
  const { title, sections } = PAGES[page];
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [page]);
  return (
    <article className="legal" aria-labelledby="legal-title">
      <h1 id="legal-title">{t(title)}</h1>
      {sections.map((s) => (
        <section key={s.heading}>
          <h2>{t(s.heading)}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{t(p)}</p>
          ))}
          {s.items ? (
            <dl className="legal__tools">
              {s.items.map(([term, text]) => (
                <div key={term}>
                  <dt>{t(term)}</dt>
                  <dd>{t(text)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {s.link ? (
            <p>
              <Trans id={s.link.message} components={{ 0: <a href={s.link.href} /> }} />
            </p>
          ) : null}
        </section>
      ))}
    </article>
  );
}
