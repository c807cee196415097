import { uiWords } from '../words.ts';
import './Spinner.css';

export function Spinner({ label = uiWords().loading, inline = false }: { label?: string; inline?: boolean }) {
  return (
    <span className={`spinner${inline ? ' spinner--inline' : ''}`} role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </span>
  );
}
