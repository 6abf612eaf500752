import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | string[] | null;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

function errorsOf(error: FieldFrameProps['error']): string[] {
  if (!error) return [];
  return Array.isArray(error) ? error : [error];
}

function FieldFrame({ id, label, error, hint, required, children }: FieldFrameProps) {
  const { t } = useTranslation();
  const errors = errorsOf(error);
  return (
    <div className={errors.length ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
        {required && <span className="visually-hidden">{` (${t('common.required')})`}</span>}
      </label>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      )}
      {errors.length > 0 && (
        <ul id={`${id}-error`} className="field__errors">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: FieldFrameProps['error']): string | undefined {
  const ids = [hint ? `${id}-hint` : '', errorsOf(error).length ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | string[] | null;
  hint?: ReactNode;
  addon?: ReactNode;
}

export function TextField({
  label,
  value,
  onValue,
  error,
  hint,
  addon,
  required,
  id,
  ...rest
}: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} required={required}>
      <div className="field__control">
        <input
          {...rest}
          id={fieldId}
          className="input"
          value={value}
          required={required}
          aria-invalid={errorsOf(error).length > 0 || undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          onChange={(e) => onValue(e.target.value)}
        />
        {addon}
      </div>
    </FieldFrame>
  );
}

/** A password input with a button that shows what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? t('common.hidePassword') : t('common.showPassword')}
        </button>
      }
    />
  );
}

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value'
> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | null;
  hint?: ReactNode;
}

export function SelectField({
  label,
  value,
  onValue,
  options,
  error,
  hint,
  required,
  id,
  ...rest
}: SelectFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} required={required}>
      <select
        {...rest}
        id={fieldId}
        className="input"
        value={value}
        required={required}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        onChange={(e) => onValue(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  error?: string | null;
  id?: string;
  required?: boolean;
}

export function Checkbox({ label, checked, onChecked, error, id, required }: CheckboxProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={error ? 'check field--invalid' : 'check'}>
      <input
        id={fieldId}
        type="checkbox"
        checked={checked}
        required={required}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(e) => onChecked(e.target.checked)}
      />
      <label htmlFor={fieldId}>{label}</label>
      {error && (
        <div id={`${fieldId}-error`} className="field__errors check__error">
          {error}
        </div>
      )}
    </div>
  );
}
