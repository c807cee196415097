import { Modal } from '../../components/index.ts';
import { AGE_LIMIT_YEARS } from '../../lib/constants.ts';

export const AGE_STATEMENTS = [
  `Over ${AGE_LIMIT_YEARS}s only: you must be ${AGE_LIMIT_YEARS} years of age or older to open an account or place a bet.`,
  `Any winnings of a person under ${AGE_LIMIT_YEARS} are forfeited, and the account is closed.`,
  'We may verify your age at any time and ask for documents; an account whose age cannot be verified is suspended.',
  'Parents and guardians: filtering tools (such as Net Nanny or CyberPatrol) can block gambling sites on shared devices.',
] as const;

export function AgeGateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={`${AGE_LIMIT_YEARS}+ Adults only`} className="modal--small">
      <ul className="age-gate__list">
        {AGE_STATEMENTS.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </Modal>
  );
}
