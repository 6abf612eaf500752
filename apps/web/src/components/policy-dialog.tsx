import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../api/config';
import { Dialog } from './dialog';

export type PolicyKind = 'privacy' | 'terms';

/** Paragraph keys of each document in the locale files (policy.<kind>.p1 …). */
export const POLICY_PARAGRAPHS: Record<PolicyKind, number> = { privacy: 6, terms: 5 };

export function PolicyText({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation();
  const config = useConfig();
  const version = kind === 'privacy' ? config.data?.privacy_version : config.data?.terms_version;
  return (
    <div className="policy">
      {version && <p className="muted">{t('policy.version', { version })}</p>}
      {Array.from({ length: POLICY_PARAGRAPHS[kind] }, (_, i) => (
        <p key={i}>{t(`policy.${kind}.p${i + 1}`)}</p>
      ))}
    </div>
  );
}

export function PolicyDialog({ kind, onClose }: { kind: PolicyKind; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`policy.${kind}.title`)}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <PolicyText kind={kind} />
    </Dialog>
  );
}

/** A link-styled button that opens the privacy policy or the terms of use. */
export function PolicyLink({ kind, className = 'link-btn' }: { kind: PolicyKind; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t(`policy.${kind}.link`)}
      </button>
      {open && <PolicyDialog kind={kind} onClose={() => setOpen(false)} />}
    </>
  );
}
