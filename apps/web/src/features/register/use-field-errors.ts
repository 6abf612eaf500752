import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from './register-rules';

/** Field errors as i18n keys, shown translated next to their fields. */
export function useFieldErrors<K extends string>() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const show = useCallback((next: FieldErrors<K>) => setErrors(next), []);
  return {
    show,
    text: (field: K): string | null => {
      const first = errors[field]?.[0];
      return first ? t(first) : null;
    },
    list: (field: K): string[] => (errors[field] ?? []).map((k) => t(k)),
  };
}
