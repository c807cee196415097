import type { CasinoResultChip } from '@backlay/contract';
import { Modal } from '../../components/index.ts';

/**
 * A result chip opened, until casino-results' CasinoResultModal (features/casino/result/, with the
 * Verify view) is on main: then CasinoTableScreen renders that modal in this one's place.
 */
export function ResultPeek({
  tableName,
  chip,
  onClose,
}: {
  tableName: string;
  chip: CasinoResultChip;
  onClose: () => void;
}) {
  return (
    <Modal open title={`${tableName}: round ${chip.round_id}`} onClose={onClose} className="modal--small">
      <p>
        Result: <strong>{chip.summary}</strong>
      </p>
    </Modal>
  );
}
