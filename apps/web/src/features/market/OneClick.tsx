import { useId, useState } from 'react';
import { Switch } from '../../components/index.ts';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { useT } from './i18n.ts';

export type OneClickSettings = { on: boolean; stake: number | null };

export function readOneClick(): OneClickSettings {
  const stake = Number(storage.get(STORAGE_KEYS.oneClickStake));
  return {
    on: storage.get(STORAGE_KEYS.oneClickOn) === '1',
    stake: Number.isFinite(stake) && stake > 0 ? stake : null,
  };
}

/** The one-click settings, kept in localStorage. */
export function useOneClick() {
  const [settings, setSettings] = useState(readOneClick);
  const update = (next: OneClickSettings) => {
    storage.set(STORAGE_KEYS.oneClickOn, next.on ? '1' : '0');
    if (next.stake != null) storage.set(STORAGE_KEYS.oneClickStake, String(next.stake));
    else storage.remove(STORAGE_KEYS.oneClickStake);
    setSettings(next);
  };
  return [settings, update] as const;
}

/** Toggle and stake for one-click betting: with it on, a click on a price places at once. */
export function OneClickBar({
  settings,
  onChange,
}: {
  settings: OneClickSettings;
  onChange: (s: OneClickSettings) => void;
}) {
  const t = useT();
  const stakeId = useId();
  return (
    <div className={`oneclick${settings.on ? ' oneclick--on' : ''}`}>
      <Switch
        label={t('market.oneClick.label')}
        checked={settings.on}
        onChange={(on) => onChange({ ...settings, on })}
      />
      <label htmlFor={stakeId} className="oneclick__label">
        {t('market.oneClick.stake')}
      </label>
      <input
        id={stakeId}
        className="oneclick__stake"
        inputMode="numeric"
        value={settings.stake ?? ''}
        placeholder={t('market.field.stake')}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '');
          onChange({ ...settings, stake: digits ? Number(digits) : null });
        }}
      />
      {settings.on && settings.stake == null ? (
        <span className="oneclick__warn" role="alert">
          {t('market.oneClick.chooseStake')}
        </span>
      ) : settings.on ? (
        <span className="oneclick__hint">{t('market.oneClick.hint', { stake: String(settings.stake) })}</span>
      ) : null}
    </div>
  );
}
