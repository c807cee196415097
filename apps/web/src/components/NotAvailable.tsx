import type { ReactNode } from 'react';
import { Icon } from '@backlay/ui/components';
import { useT } from './i18n.ts';
import './NotAvailable.css';

/** The honest state of a screen whose data arrives with a later release: no fake data. */
export function NotAvailable({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <section className="not-available" aria-labelledby="not-available-title">
      <Icon name="clock" size={40} className="not-available__icon" />
      <h1 id="not-available-title" className="not-available__title">
        {title}
      </h1>
      <p className="not-available__text">{children ?? t('components.notAvailable.text')}</p>
    </section>
  );
}
