import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiResult } from '../../api/client';
import { patientKeys } from '../../api/patient-settings';

export interface ActionNotice {
  kind: 'success' | 'error';
  /** i18n key. */
  key: string;
}

/**
 * One change of the patient's file with its message (spec §8: saved, created, deleted, modified;
 * "send, delete, modify, create, edit failed"). A refusal (403) says so; a success refreshes what
 * is shown of the patient.
 */
export function useAction(uid: string) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  const [busy, setBusy] = useState(false);

  async function run<T>(
    call: () => Promise<ApiResult<T>>,
    success: string,
    failure: string,
  ): Promise<ApiResult<T>> {
    setBusy(true);
    setNotice(null);
    const res = await call();
    setBusy(false);
    if (res.ok) {
      setNotice({ kind: 'success', key: success });
      await queryClient.invalidateQueries({ queryKey: patientKeys.all(uid) });
    } else {
      const message = typeof res.body.message === 'string' ? res.body.message : null;
      const specific = message && /^(events|records|patientView)\./.test(message) ? message : null;
      setNotice({ kind: 'error', key: specific ?? (res.status === 403 ? 'patientView.refused' : failure) });
    }
    return res;
  }

  return { run, notice, setNotice, busy };
}
