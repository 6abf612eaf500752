import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, siteOfCountry, type Site } from '@cgm/domain';
import { countryName } from '../i18n/format';
import { SelectField } from './form-field';

/**
 * The portal's countries, named and sorted in the current language. With `site`, only the
 * countries that site serves: registration lists none that could never register here (spec §2).
 */
export function CountrySelect({
  site,
  ...props
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | null;
  required?: boolean;
  site?: Site;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    const served = site ? COUNTRIES.filter((c) => siteOfCountry(c.code) === site) : COUNTRIES;
    return served
      .map((c) => ({
        value: c.code,
        label: countryName(c.code, language, c.englishName),
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [language, site]);
  return <SelectField {...props} options={options} autoComplete="country" />;
}
