import { useT } from './i18n.ts';

/**
 * "Your password" of a form that confirms a sensitive change (turning Security Auth off, a
 * self-exclusion): the account's current password, its error under it and tied to it for screen
 * readers.
 */
export function PasswordField({
  id,
  value,
  onChange,
  error,
  className,
}: {
  /** The form's useId(): the input is `${id}-password`. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={`${id}-password`}>{t('components.password.label')}</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-password-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="field__error" id={`${id}-password-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
