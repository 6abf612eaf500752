import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API, demoProgressResponse } from '@cgm/contract';
import { api, unwrap } from '../../api/api';
import { Notice } from '../../components/notice';

/** While a first start fills the demo's histories: asked again every few seconds until whole. */
const POLL_MS = 3_000;

/**
 * On the login screens of a demo server whose histories are still filling: how many patients are
 * ready, and that the portal can be used meanwhile. Nothing once they are all ready, or without a demo.
 */
export function DemoProgressNotice() {
  const { t } = useTranslation();
  const progress = useQuery({
    queryKey: ['demo-progress'],
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.demoProgress, demoProgressResponse, { signal, authRedirect: false })),
    refetchInterval: (query) => {
      const demo = query.state.data?.demo;
      return demo && demo.ready < demo.total ? POLL_MS : false;
    },
  });
  const demo = progress.data?.demo;
  if (!demo || demo.ready >= demo.total) return null;
  return <Notice kind="info">{t('login.demoFilling', { ready: demo.ready, total: demo.total })}</Notice>;
}
