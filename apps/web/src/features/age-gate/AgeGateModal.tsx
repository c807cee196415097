import { Modal } from '../../components/index.ts';
import { AGE_LIMIT_YEARS } from '../../lib/constants.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useT } from './i18n.ts';

/** The statements of the 18+ modal, in order (each says the age limit where it names it). */
export const AGE_STATEMENTS = [
  msgId('age-gate.statement.minimumAge'),
  msgId('age-gate.statement.winningsForfeited'),
  msgId('age-gate.statement.verification'),
  msgId('age-gate.statement.parents'),
] as const;

export function AgeGateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('age-gate.title', { age: AGE_LIMIT_YEARS })}
      className="modal--small"
    >
      <ul className="age-gate__list">
        {AGE_STATEMENTS.map((id) => (
          <li key={id}>{t(id, { age: AGE_LIMIT_YEARS })}</li>
        ))}
      </ul>
    </Modal>
  );
}
