import { useId } from 'react';
import { useT } from './i18n.ts';
import { RulesContent } from './RulesContent.tsx';
import type { RulesContentProps } from './RulesContent.tsx';

export type RulesScreenProps = Pick<RulesContentProps, 'initialTabId' | 'onTabChange'>;

/** The Site Rules screen (spec §2): a page title and the rules as vertical tabs, Horse Racing first. */
export function RulesScreen({ initialTabId, onTabChange }: RulesScreenProps) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="rules-screen" aria-labelledby={titleId}>
      <h1 id={titleId} className="rules-screen__title">
        {t('rules.screen.title')}
      </h1>
      <RulesContent variant="page" initialTabId={initialTabId} onTabChange={onTabChange} />
    </section>
  );
}
