import type { ReactNode } from 'react';
import { Modal } from './Modal.tsx';
import { uiWords } from '../words.ts';
import './ConfirmDialog.css';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** What will happen, in words the person confirming can check. */
  children: ReactNode;
  /** The confirm button says what it does ("Close market"), never just "OK". */
  confirmLabel: string;
  /** Red confirm button: the action moves money or cannot be undone. */
  danger?: boolean;
  busy?: boolean;
  /** A refusal or failure to show under the text (the dialog stays open). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a destructive action: the action named on its button, Cancel first in the tab order. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={busy ? () => {} : onCancel}
      className="modal--small confirm"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? uiWords().working : confirmLabel}
          </button>
        </>
      }
    >
      <div className="confirm__text">{children}</div>
      {error ? (
        <p className="confirm__error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
