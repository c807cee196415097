import {
  adminSettingsSaveRequest,
  SUPPORT_CHANNELS,
  SUPPORT_FIELDS,
  UPLOAD_LIMITS,
  UPLOAD_TYPES,
  type GlobalSetting,
  type SupportChannel,
} from '@backlay/contract';
import { ConfirmDialog } from '@backlay/ui/components';
import { imageUrl } from '@backlay/ui/images';
import { useState, type CSSProperties } from 'react';
import { useAction } from '../../lib/actions.ts';
import { Card, Field, FormError, Loadable, PageHeader } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

/** The settings of spec §3 an operator edits (every one of them). */
const FIELDS = [
  'site_title',
  'site_message',
  'payment_gateway',
  'is_show_apk',
  'apk_link',
  'logo',
  'favicon',
  'welcome_banner',
  'bg_primary_color',
  'bg_secondry_color',
  'text_primary_color',
  'text_secondry_color',
  'other_color',
  'fb_link',
  'insta_link',
  'telegram_link',
  'twiter_link',
  'whatsapp_link',
  'support_whatsapp',
  'support_telegram',
  'support_phone',
  'support_email',
] as const;
type Key = (typeof FIELDS)[number];
type Draft = Record<Key, string>;

const LABELS: Record<Key, string> = {
  site_title: 'Site title',
  site_message: 'Site message (news marquee)',
  payment_gateway: 'Payment gateway',
  is_show_apk: 'Show the app download',
  apk_link: 'Android app (APK) link',
  logo: 'Logo',
  favicon: 'Favicon',
  welcome_banner: 'Welcome banner',
  bg_primary_color: 'Primary background',
  bg_secondry_color: 'Secondary background',
  text_primary_color: 'Text on primary',
  text_secondry_color: 'Text on secondary',
  other_color: 'Accent',
  fb_link: 'Facebook',
  insta_link: 'Instagram',
  telegram_link: 'Telegram',
  twiter_link: 'Twitter',
  whatsapp_link: 'WhatsApp',
  support_whatsapp: 'WhatsApp number',
  support_telegram: 'Telegram user name',
  support_phone: 'Phone number',
  support_email: 'E-mail address',
};

const CONTACT_HINTS: Record<SupportChannel, string> = {
  WHATSAPP: 'The WhatsApp number in international form, e.g. +919876543210',
  TELEGRAM: 'The Telegram user name, e.g. @backlay_support',
  PHONE: 'The phone number in international form, e.g. +919876543210',
  EMAIL: 'The e-mail address, e.g. support@example.com',
};

const IMAGES = ['logo', 'favicon', 'welcome_banner'] as const;
type ImageKey = (typeof IMAGES)[number];
const COLOURS = [
  'bg_primary_color',
  'bg_secondry_color',
  'text_primary_color',
  'text_secondry_color',
  'other_color',
] as const;
const LINKS = ['fb_link', 'insta_link', 'telegram_link', 'twiter_link', 'whatsapp_link'] as const;

const draftOf = (s: GlobalSetting): Draft => Object.fromEntries(FIELDS.map((k) => [k, s[k] ?? ''])) as Draft;

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const s = String(reader.result);
      resolve(s.slice(s.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** What a bettor will see: the header with the logo and title, the marquee, the banner, the footer links. */
function Preview({ d }: { d: Draft }) {
  const vars = {
    '--p-bg1': d.bg_primary_color,
    '--p-bg2': d.bg_secondry_color,
    '--p-tx1': d.text_primary_color,
    '--p-tx2': d.text_secondry_color,
    '--p-accent': d.other_color,
  } as CSSProperties;
  const links = LINKS.filter((k) => d[k]);
  return (
    <div className="preview" style={vars} aria-label="Preview of the bettor site" role="img">
      <div className="preview__header">
        {d.logo ? <img src={imageUrl(d.logo)} alt="" className="preview__logo" /> : null}
        <span className="preview__title">{d.site_title}</span>
        <span className="preview__balance">
          Balance <b>1,00,000.00</b>
        </span>
      </div>
      {d.site_message.trim() ? (
        <div className="preview__marquee">
          <span className="preview__news">News</span>
          <span data-testid="preview-message">{d.site_message}</span>
        </div>
      ) : null}
      <div className="preview__nav">
        <span>Home</span>
        <span>Cricket</span>
        <span>Football</span>
        <span>Tennis</span>
      </div>
      <div className="preview__body">
        <div className="preview__row">
          <span>Australia v India</span>
          <span className="preview__back">1.85</span>
          <span className="preview__lay">1.86</span>
        </div>
        {d.welcome_banner ? (
          <img src={imageUrl(d.welcome_banner)} alt="" className="preview__banner" />
        ) : null}
      </div>
      <div className="preview__footer">
        {links.length > 0 ? links.map((k) => <span key={k}>{LABELS[k]}</span>) : <span>No social links</span>}
        {d.payment_gateway === '1' ? <span>· Deposit / Withdraw on</span> : null}
      </div>
    </div>
  );
}

function ImageField({
  field,
  value,
  onUploaded,
}: {
  field: ImageKey;
  value: string;
  onUploaded: (url: string) => void;
}) {
  const [local, setLocal] = useState<string | null>(null);
  const upload = useAction('adminSettingsUpload', {
    success: (d) => `${LABELS[d.field]} uploaded (${kib(d.bytes)}); save to use it`,
  });
  async function onFile(file: File | undefined) {
    if (!file) return;
    setLocal(null);
    const type = file.type === 'image/vnd.microsoft.icon' ? 'image/x-icon' : file.type;
    if (!(UPLOAD_TYPES as readonly string[]).includes(type)) {
      return setLocal(`${file.name}: use a PNG, JPEG, WebP, GIF or ICO image (SVG is not accepted)`);
    }
    if (file.size > UPLOAD_LIMITS[field]) {
      return setLocal(
        `${file.name} is ${kib(file.size)}; the ${LABELS[field].toLowerCase()} may be at most ${kib(UPLOAD_LIMITS[field])}`,
      );
    }
    const data = await readBase64(file);
    const r = await upload.run({
      field,
      content_type: type as (typeof UPLOAD_TYPES)[number],
      data_base64: data,
    });
    if (r.ok) onUploaded(r.data.url);
  }
  return (
    <Field
      label={LABELS[field]}
      hint={`PNG, JPEG, WebP, GIF or ICO, at most ${kib(UPLOAD_LIMITS[field])}`}
      error={local ?? upload.error}
    >
      {(p) => (
        <div className="image-field">
          {value ? (
            <img src={imageUrl(value)} alt="" className={`thumb thumb--${field}`} />
          ) : (
            <span className="muted">None</span>
          )}
          <input
            {...p}
            type="file"
            accept={UPLOAD_TYPES.join(',')}
            disabled={upload.busy}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
      )}
    </Field>
  );
}

/** Every global setting, previewed live; saved (after a look at what changes) in one call. */
export function SettingsScreen() {
  const q = useEndpoint('getGlobalSetting');
  return (
    <>
      <PageHeader title="Settings" />
      <Loadable query={q}>
        {(s) => <SettingsForm key={JSON.stringify(draftOf(s))} saved={draftOf(s)} />}
      </Loadable>
    </>
  );
}

function SettingsForm({ saved }: { saved: Draft }) {
  const [d, setD] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const save = useAction('adminSettingsSave', {
    invalidate: [['getGlobalSetting']],
    success: 'Settings saved: bettors see them now',
  });
  const set = (k: Key, v: string) => setD((o) => ({ ...o, [k]: v }));
  const changed = FIELDS.filter((k) => d[k] !== saved[k]);
  function review() {
    const parsed = adminSettingsSaveRequest.safeParse(d);
    if (!parsed.success) {
      const e: Record<string, string> = {};
      for (const i of parsed.error.issues) e[String(i.path[0])] ??= i.message;
      return setErrors(e);
    }
    setErrors({});
    setConfirming(true);
  }
  const shown = (k: Key, v: string) =>
    (IMAGES as readonly string[]).includes(k)
      ? v
        ? 'a new image'
        : 'none'
      : k === 'payment_gateway' || k === 'is_show_apk'
        ? v === '1'
          ? 'on'
          : 'off'
        : v || '(empty)';
  return (
    <div className="settings">
      <form
        className="settings__form"
        aria-label="Global settings"
        onSubmit={(e) => {
          e.preventDefault();
          review();
        }}
      >
        <Card title="Site">
          <div className="form-grid">
            <Field label={LABELS.site_title} error={errors.site_title ?? null}>
              {(p) => (
                <input {...p} value={d.site_title} onChange={(e) => set('site_title', e.target.value)} />
              )}
            </Field>
            <Field
              label={LABELS.site_message}
              hint="Scrolls in the bettor's header; empty hides it"
              error={errors.site_message ?? null}
              wide
            >
              {(p) => (
                <textarea
                  {...p}
                  rows={2}
                  maxLength={500}
                  value={d.site_message}
                  onChange={(e) => set('site_message', e.target.value)}
                />
              )}
            </Field>
            <label className="check">
              <input
                type="checkbox"
                checked={d.payment_gateway === '1'}
                onChange={(e) => set('payment_gateway', e.target.checked ? '1' : '0')}
              />{' '}
              Payment gateway on (deposit / withdraw for sign-up users)
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={d.is_show_apk === '1'}
                onChange={(e) => set('is_show_apk', e.target.checked ? '1' : '0')}
              />{' '}
              Show the app download
            </label>
            <Field
              label={LABELS.apk_link}
              hint="https://…, or empty: phones whose browser cannot install the app get this link"
              error={errors.apk_link ?? null}
              wide
            >
              {(p) => (
                <input
                  {...p}
                  inputMode="url"
                  value={d.apk_link}
                  onChange={(e) => set('apk_link', e.target.value)}
                />
              )}
            </Field>
          </div>
        </Card>
        <Card title="Images">
          <div className="form-grid">
            {IMAGES.map((k) => (
              <ImageField key={k} field={k} value={d[k]} onUploaded={(url) => set(k, url)} />
            ))}
          </div>
        </Card>
        <Card title="Colours">
          <div className="form-grid">
            {COLOURS.map((k) => (
              <Field key={k} label={LABELS[k]} error={errors[k] ?? null}>
                {(p) => (
                  <span className="colour">
                    <input
                      type="color"
                      aria-label={`${LABELS[k]} picker`}
                      value={/^#[0-9a-f]{6}$/i.test(d[k]) ? d[k] : '#000000'}
                      onChange={(e) => set(k, e.target.value)}
                    />
                    <input {...p} value={d[k]} maxLength={7} onChange={(e) => set(k, e.target.value)} />
                  </span>
                )}
              </Field>
            ))}
          </div>
        </Card>
        <Card title="Social links">
          <div className="form-grid">
            {LINKS.map((k) => (
              <Field key={k} label={LABELS[k]} hint="https://…, or empty" error={errors[k] ?? null}>
                {(p) => (
                  <input {...p} inputMode="url" value={d[k]} onChange={(e) => set(k, e.target.value)} />
                )}
              </Field>
            ))}
          </div>
        </Card>
        <Card title="24X7 Support">
          <p className="muted">
            Every channel you fill in is offered in the bettor's footer; leave one empty to not offer it.
          </p>
          <div className="form-grid">
            {SUPPORT_CHANNELS.map((c) => {
              const k = SUPPORT_FIELDS[c];
              return (
                <Field key={k} label={LABELS[k]} hint={CONTACT_HINTS[c]} error={errors[k] ?? null}>
                  {(p) => (
                    <input
                      {...p}
                      value={d[k]}
                      maxLength={254}
                      inputMode={c === 'EMAIL' ? 'email' : c === 'TELEGRAM' ? 'text' : 'tel'}
                      onChange={(e) => set(k, e.target.value)}
                    />
                  )}
                </Field>
              );
            })}
          </div>
        </Card>
        <div className="settings__bar">
          <span className="muted">
            {changed.length === 0 ? 'No changes' : `${changed.length} change(s) not saved`}
          </span>
          <button type="button" className="btn" disabled={changed.length === 0} onClick={() => setD(saved)}>
            Discard
          </button>
          <button type="submit" className="btn btn--primary" disabled={changed.length === 0}>
            Review and save…
          </button>
        </div>
        <FormError
          message={Object.keys(errors).length > 0 ? 'Some settings need fixing (see above)' : null}
        />
      </form>
      <aside className="settings__preview" aria-label="Preview">
        <h2 className="card__title">Preview</h2>
        <Preview d={d} />
      </aside>
      <ConfirmDialog
        open={confirming}
        title="Save these settings?"
        confirmLabel="Save settings"
        busy={save.busy}
        error={save.error}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void save.run(adminSettingsSaveRequest.parse(d)).then((r) => {
            if (r.ok) setConfirming(false);
          })
        }
      >
        <p>Every bettor gets them with the next page load (and within a minute on open pages):</p>
        <ul>
          {changed.map((k) => (
            <li key={k}>
              {LABELS[k]}: {shown(k, d[k])}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
