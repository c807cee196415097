import { SUPPORT_CHANNEL_LABELS, supportHref, type SupportChannel } from '@backlay/contract/bettor';
import { Icon } from '../../components/index.ts';
import { useGlobalSetting } from '../../lib/api/global-settings.ts';
import { useClientStore } from '../../lib/store.ts';
import './Footer.css';

const SOCIAL = [
  { key: 'fb_link', label: 'Facebook' },
  { key: 'insta_link', label: 'Instagram' },
  { key: 'telegram_link', label: 'Telegram' },
  { key: 'twiter_link', label: 'Twitter' },
  { key: 'whatsapp_link', label: 'WhatsApp' },
] as const;

/** Footer: rules links (new tab), 24X7 Support, social links from settings, 100% SAFE, 18+, copyright. */
export function Footer({ showAgeButton = true }: { showAgeButton?: boolean }) {
  const settings = useGlobalSetting().data;
  const openModal = useClientStore((s) => s.openModal);
  const host = typeof window === 'undefined' ? '' : window.location.host;
  const social = SOCIAL.filter((s) => settings?.[s.key]?.trim());
  // The operator's contact (console → Settings); the plain label until one is set.
  const supportLink = supportHref(settings?.support_channel, settings?.support_contact);
  const channel = settings?.support_channel
    ? SUPPORT_CHANNEL_LABELS[settings.support_channel as SupportChannel]
    : '';
  return (
    <footer className="footer">
      <div className="footer__top">
        <nav aria-label="Policies" className="footer__links">
          <a href="#/page/rules/terms-and-conditions" target="_blank" rel="noopener">
            Terms and Conditions
          </a>
          <a href="#/page/rules/responsible-gaming" target="_blank" rel="noopener">
            Responsible Gaming
          </a>
        </nav>
        <div className="footer__support">
          {supportLink ? (
            <a
              className="footer__support-badge footer__support-link"
              href={supportLink}
              target={supportLink.startsWith('https:') ? '_blank' : undefined}
              rel="noopener noreferrer"
            >
              24X7 Support
              <span className="footer__support-contact">
                {channel}: {settings?.support_contact}
              </span>
            </a>
          ) : (
            <span className="footer__support-badge">24X7 Support</span>
          )}
          {social.length > 0 ? (
            <ul className="footer__social" aria-label="Follow us">
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
          <Icon name="shield" className="footer__shield" /> <strong>100% SAFE</strong> — protected connection
          and secured data
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
          <span className="footer__age" aria-label="Adults only, 18 and over">
            18+
          </span>
        )}
        <p className="footer__copyright">
          © Copyright {new Date().getFullYear()}. All Rights Reserved. {host}
        </p>
      </div>
    </footer>
  );
}
