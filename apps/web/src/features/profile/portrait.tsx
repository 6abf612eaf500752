import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { getPortrait, uploadPortrait } from './profile-api';
import { isAcceptedPortrait } from './profile-form';

/** Scales a picture down to fit a square of `size` px, as a JPEG data URL. */
async function shrink(file: File, size = 400): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, size / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.88);
}

/** The portrait, fetched with the token (an <img> cannot send it) and shown from a blob: URL. */
export function Portrait({ uid, hasPortrait, name }: { uid: string; hasPortrait: boolean; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const blob = useQuery({
    queryKey: ['portrait', uid],
    enabled: hasPortrait,
    queryFn: async ({ signal }) => {
      const res = await getPortrait(uid, signal);
      return res.ok ? res.data : null;
    },
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    setBusy(true);
    try {
      const dataUrl = await shrink(file);
      if (!isAcceptedPortrait(dataUrl)) throw new Error('too large');
      const res = await uploadPortrait(dataUrl);
      if (!res.ok) {
        setMessage({ kind: 'error', text: t(failureKey(res)) });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['portrait', uid] });
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      setMessage({ kind: 'success', text: t('success.saved') });
    } catch {
      setMessage({ kind: 'error', text: t('validation.portrait') });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const initial = (name.trim()[0] ?? '?').toUpperCase();
  return (
    <div className="portrait">
      {url && hasPortrait ? (
        <img className="portrait__image" src={url} alt={t('profile.portraitAlt', { name })} />
      ) : (
        <span className="portrait__image portrait__image--empty" aria-hidden="true">
          {initial}
        </span>
      )}
      <div className="portrait__actions">
        <label className="btn btn--secondary btn--small">
          {hasPortrait ? t('profile.portraitChange') : t('profile.portraitUpload')}
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={busy}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        <span className="muted small">{t('profile.portraitHint')}</span>
        {message && <Notice kind={message.kind}>{message.text}</Notice>}
      </div>
    </div>
  );
}
