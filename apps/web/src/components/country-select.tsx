import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '@cgm/domain';
import { countryName } from '../i18n/format';
import { SelectField } from './form-field';

/** The portal's countries, named and sorted in the current language. */
export function CountrySelect(props: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | null;
  required?: boolean;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    return COUNTRIES.map((c) => ({
      value: c.code,
      label: countryName(c.code, language, c.englishName),
    })).sort((a, b) => collator.compare(a.label, b.label));
  }, [language]);
  return <SelectField {...props} options={options} autoComplete="country" />;
}
