import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, REGIONS, type Region } from '@cgm/domain';
import type { AdminScopeBody } from '@cgm/contract';
import { Checkbox } from '../../components/form-field';
import { countryName } from '../../i18n/format';

/** Chooses an account admin's scope: whole regions, and single countries (spec §1 "scoped"). */
export function ScopeFields(props: {
  value: AdminScopeBody;
  onValue: (v: AdminScopeBody) => void;
  error?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { value, onValue } = props;
  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return COUNTRIES.map((c) => ({
      code: c.code,
      region: c.region,
      name: countryName(c.code, i18n.language, c.englishName),
    })).sort((a, b) => collator.compare(a.name, b.name));
  }, [i18n.language]);
  const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((x) => x !== item);
  return (
    <fieldset className="field--full">
      <legend className="field__label">{t('admin.scope.title')}</legend>
      <p className="muted">{t('admin.scope.hint')}</p>
      <h3 className="field__label">{t('admin.scope.regions')}</h3>
      <div className="adm-scope">
        {REGIONS.map((r: Region) => (
          <Checkbox
            key={r}
            label={t(`regions.${r}`)}
            checked={value.regions.includes(r)}
            onChecked={(on) => onValue({ ...value, regions: toggle(value.regions, r, on) })}
          />
        ))}
      </div>
      <h3 className="field__label">{t('admin.scope.countries')}</h3>
      <div className="adm-scope">
        {countries.map((c) => (
          <Checkbox
            key={c.code}
            label={`${c.name} (${c.code})`}
            checked={value.countries.includes(c.code) || value.regions.includes(c.region)}
            onChecked={(on) => onValue({ ...value, countries: toggle(value.countries, c.code, on) })}
          />
        ))}
      </div>
      {props.error && <p className="field__errors">{props.error}</p>}
    </fieldset>
  );
}

/** The scope in words: regions, then countries; "all countries" for the super admin. */
export function scopeText(
  scope: { countries: string[]; regions: string[] } | null,
  t: (key: string) => string,
): string {
  if (!scope) return t('admin.scope.all');
  const parts = [...scope.regions.map((r) => t(`regions.${r}`)), ...scope.countries];
  return parts.length ? parts.join(', ') : t('admin.scope.none');
}
