import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API } from '@cgm/contract';
import { api } from '../../api/api';

/**
 * The sender's portrait (spec §3 "Message"), fetched with the token (an <img> cannot send it) and
 * shown from a blob: URL; the initial when there is none or the patient no longer shares their data.
 */
export function SenderPortrait({
  uid,
  available,
  name,
}: {
  uid: string | null;
  available: boolean;
  name: string;
}) {
  const blob = useQuery({
    queryKey: ['portrait', uid],
    enabled: available && uid !== null,
    queryFn: async ({ signal }) => {
      const res = await api.getBlob(API.portrait(uid!), { signal });
      return res.ok ? res.data : null;
    },
    staleTime: 5 * 60_000,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  if (url) return <img className="person__avatar" src={url} alt="" />;
  return (
    <span className="avatar person__avatar" aria-hidden="true">
      {(Array.from(name.trim())[0] ?? '?').toUpperCase()}
    </span>
  );
}
