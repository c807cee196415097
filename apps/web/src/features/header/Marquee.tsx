import { useT } from './i18n.ts';

/** The scrolling news line with the site message (pauses on hover and focus; still for reduced motion). */
export function Marquee({ message }: { message: string }) {
  const t = useT();
  if (!message.trim()) return null;
  return (
    <div className="marquee" role="region" aria-label={t('header.marquee.news')}>
      <span className="marquee__badge" aria-hidden="true">
        {t('header.marquee.news')}
      </span>
      <div className="marquee__viewport" tabIndex={0}>
        <p className="marquee__text">{message}</p>
      </div>
    </div>
  );
}
