import type { ReactNode } from 'react';
import { PasswordField } from './form-field';

type FieldError = string | string[] | null | undefined;

export interface NewPasswordFieldsProps {
  labels: { password: string; repeat: string };
  /** The rules of this form's context (registration 8–20, change and reset 6–20: spec §5). */
  hint: ReactNode;
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  errors: { password?: FieldError; repeat?: FieldError };
}

/** A new password and the same again (spec §5 "new password entered again identically"). */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={props.labels.password}
        value={props.password}
        onValue={props.onPassword}
        autoComplete="new-password"
        required
        hint={props.hint}
        error={props.errors.password ?? null}
      />
      <PasswordField
        label={props.labels.repeat}
        value={props.repeat}
        onValue={props.onRepeat}
        autoComplete="new-password"
        required
        error={props.errors.repeat ?? null}
      />
    </>
  );
}
