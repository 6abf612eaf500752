import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/page';
import { AlertBanner } from '../../features/alerts/alert-banner';
import type { RouteKind } from '../guard';
import { isAdminSession } from '../../session/homes';
import { useSession } from '../../session/session-state';
import { Footer } from './footer';
import { AppHeader, PublicHeader } from './header';
import { useAdminIdleLogout } from './use-admin-idle';

export interface RouteHandle {
  kind: RouteKind | null;
}

/** The frame around every screen; print pages have none (spec §2 "Print pages"). */
export function RootLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const kind = handle?.kind ?? null;
  const user = useSession();
  useAdminIdleLogout(isAdminSession(user));

  const content = (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );
  if (kind === 'print') return <main className="print-page">{content}</main>;
  const signedIn = user !== null && kind !== 'public';
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {signedIn ? <AppHeader user={user} /> : <PublicHeader />}
      {/* Follower alerts on every page of a person who may receive them (issue 16). */}
      <AlertBanner enabled={signedIn && ['P', 'M', 'D'].includes(user.userType) && !isAdminSession(user)} />
      <main id="main" className="main" tabIndex={-1}>
        {content}
      </main>
      <Footer />
    </div>
  );
}
