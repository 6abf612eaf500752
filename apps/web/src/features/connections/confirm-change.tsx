import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/api';
import { Dialog } from '../../components/dialog';
import { failureText } from './failure-text';
import { changeRelation, connectionKeys, type RelationCall } from './connections-api';

/** A relation change waiting for the user's confirmation (spec §8 "Confirmations"). */
export interface PendingChange {
  call: RelationCall;
  uid: string;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** success.* or connections.* key shown after it worked. */
  doneKey: string;
  /** messages.* key shown when it failed without a more precise reason. */
  failKey: string;
}

/**
 * Asks before a relation change, runs it, and says how it went. Every change refreshes all
 * connection lists, so the screens never show a state the server no longer has.
 */
export function useConfirmedChange(onDone?: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const mutation = useMutation({
    mutationFn: async (c: PendingChange) => unwrap(await changeRelation(c.call, c.uid)),
    onSuccess: (_data, c) => {
      setResult({ kind: 'success', text: t(c.doneKey) });
      onDone?.();
    },
    onError: (error, c) => setResult({ kind: 'error', text: failureText(error, t, c.failKey) }),
    onSettled: () => {
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });

  const dialog = (
    <Dialog
      open={pending !== null}
      role="alertdialog"
      title={pending?.title ?? ''}
      onClose={() => setPending(null)}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={() => setPending(null)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={pending?.danger ? 'btn btn--danger' : 'btn btn--primary'}
            disabled={mutation.isPending}
            onClick={() => pending && mutation.mutate(pending)}
          >
            {pending?.confirmLabel}
          </button>
        </>
      }
    >
      {pending?.body}
    </Dialog>
  );

  return {
    ask: (c: PendingChange) => {
      setResult(null);
      setPending(c);
    },
    dialog,
    result,
  };
}
