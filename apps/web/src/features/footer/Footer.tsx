import {
  supportContactsOf,
  supportHref,
  type GlobalSetting,
  type SupportChannel,
} from '@backlay/contract/bettor';
import { Icon } from '../../components/index.ts';
import { useGlobalSetting } from '../../lib/api/global-settings.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useClientStore } from '../../lib/store.ts';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import './Footer.css';

/** Each support channel's name (the contract's SUPPORT_CHANNEL_LABELS, in the bettor's language). */
const CHANNEL_NAMES: Record<SupportChannel, string> = {
  WHATSAPP: msgId('footer.support.whatsapp'),
  TELEGRAM: msgId('footer.support.telegram'),
  PHONE: msgId('footer.support.phone'),
  EMAIL: msgId('footer.support.email'),
};

// The networks' own names, the same in every language.
const SOCIAL = [
  { key: 'fb_link', label: 'Facebook' },
  { key: 'insta_link', label: 'Instagram' },
  { key: 'telegram_link', label: 'Telegram' },
  { key: 'twiter_link', label: 'Twitter' },
  { key: 'whatsapp_link', label: 'WhatsApp' },
] as const;

/** Footer: rules links (new tab), 24X7 Support, social links from settings, 100% SAFE, 18+, copyright. */
export function Footer({ showAgeButton = true }: { showAgeButton?: boolean }) {
  const t = useT();
  const settings = useGlobalSetting().data;
  const openModal = useClientStore((s) => s.openModal);
  const host = typeof window === 'undefined' ? '' : window.location.host;
  const social = SOCIAL.filter((s) => settings?.[s.key]?.trim());
  // Every channel the operator set (console → Settings); the plain label until one is.
  const contacts = supportContacts(settings);
  return (
    <footer className="footer">
      <div className="footer__top">
        <nav aria-label={t('footer.policies.label')} className="footer__links">
          <a href="#/page/rules/terms-and-conditions" target="_blank" rel="noopener">
            {t('footer.policies.terms')}
          </a>
          <a href="#/page/rules/responsible-gaming" target="_blank" rel="noopener">
            {t('footer.policies.responsibleGaming')}
          </a>
        </nav>
        <div className="footer__support">
          {contacts.length > 0 ? (
            <section className="footer__support-badge" aria-labelledby="footer-support-title">
              <span id="footer-support-title">{t('footer.support.title')}</span>
              <ul className="footer__support-list">
                {contacts.map((c) => (
                  <li key={c.channel}>
                    <a
                      className="footer__support-link"
                      href={c.href}
                      target={c.href.startsWith('https:') ? '_blank' : undefined}
                      rel="noopener noreferrer"
                    >
                      {t('footer.support.contact', {
                        channel: t(CHANNEL_NAMES[c.channel]),
                        contact: c.contact,
                      })}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <span className="footer__support-badge">{t('footer.support.title')}</span>
          )}
          {social.length > 0 ? (
            <ul className="footer__social" aria-label={t('footer.social.label')}>
              {social.map((s) => (
                <li key={s.key}>
                  <a href={settings?.[s.key]} target="_blank" rel="noopener noreferrer">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="footer__bottom">
        <p className="footer__safe">
          <Icon name="shield" className="footer__shield" />{' '}
          <Trans id="footer.safe" components={{ 0: <strong /> }} />
        </p>
        {showAgeButton ? (
          <button
            type="button"
            className="footer__age"
            onClick={() => openModal('ageGate')}
            aria-haspopup="dialog"
          >
            18+
          </button>
        ) : (
          <span className="footer__age" aria-label={t('footer.adultsOnly')}>
            18+
          </span>
        )}
        <p className="footer__copyright">
          {t('footer.copyright', { year: String(new Date().getFullYear()) })} {host}
        </p>
      </div>
    </footer>
  );
}

/**
 * The channels to offer, each with its link: the four the operator may set, or (from a server that
 * sends only them) the one channel and contact of before.
 */
function supportContacts(
  s: GlobalSetting | undefined,
): { channel: SupportChannel; contact: string; href: string }[] {
  const four = supportContactsOf(s ?? {});
  const list =
    four.length > 0 || !s?.support_channel
      ? four
      : [{ channel: s.support_channel as SupportChannel, contact: (s.support_contact ?? '').trim() }];
  return list.flatMap((c) => {
    const href = supportHref(c.channel, c.contact);
    return href ? [{ ...c, href }] : [];
  });
}
