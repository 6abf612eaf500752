import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countriesByRegion, findCountry, findLanguage, REGIONS, type LanguageCode } from '@cgm/domain';
import { chooseLocale, currentLanguage } from '../i18n/i18n';
import { countryName } from '../i18n/format';
import { isRemembered, readLocaleChoice } from '../i18n/preferences';
import { localStore, sessionStore } from '../lib/storage';
import { Dialog } from './dialog';
import { Checkbox } from './form-field';

const BY_REGION = countriesByRegion();

export interface LanguageDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Countries grouped by region (spec §2 "Header, footer, language"); each country offers its
 * languages. Choosing one sets the country (loc_code) and the language.
 */
export function LanguageDialog({ open, onClose }: LanguageDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const stored = readLocaleChoice(sessionStore(), localStore());
  const [remember, setRemember] = useState(() => isRemembered(localStore()));

  const choose = async (country: string, lang: LanguageCode) => {
    await chooseLocale({ country, language: lang }, remember);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('language.title')} wide>
      <p className="muted">{t('language.intro')}</p>
      <Checkbox label={t('language.remember')} checked={remember} onChecked={setRemember} />
      <div className="regions">
        {REGIONS.map((region) => (
          <section key={region} className="region" aria-labelledby={`region-${region}`}>
            <h3 id={`region-${region}`} className="region__title">
              {t(`regions.${region}`)}
            </h3>
            <ul className="region__list">
              {BY_REGION[region].map((c) => (
                <li key={c.code} className="country">
                  <span className="country__name" id={`country-${c.code}`}>
                    {countryName(c.code, language, c.englishName)}
                  </span>
                  <span className="country__languages">
                    {c.languages.map((l) => {
                      const selected = stored.country === c.code && language === l;
                      return (
                        <button
                          key={l}
                          type="button"
                          lang={l}
                          className={selected ? 'chip chip--selected' : 'chip'}
                          aria-pressed={selected}
                          aria-describedby={`country-${c.code}`}
                          onClick={() => void choose(c.code, l)}
                        >
                          {findLanguage(l)?.nativeName ?? l}
                        </button>
                      );
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  );
}

/** The button that opens the dialog, labelled with the current country and language. */
export function LanguageButton({ className = 'btn btn--ghost' }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const language = currentLanguage();
  const country = readLocaleChoice(sessionStore(), localStore()).country;
  const c = country ? findCountry(country) : undefined;
  const label = [c ? countryName(c.code, language, c.englishName) : null, findLanguage(language)?.nativeName]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <button
        type="button"
        className={`${className} language-button`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        aria-label={t('language.button', { current: label })}
      >
        <GlobeIcon />
        <span className="language-button__label">{label}</span>
      </button>
      {open && <LanguageDialog open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

function GlobeIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  );
}
