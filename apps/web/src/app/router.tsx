import { createBrowserRouter, useRouteError, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../components/not-found-page';
import { Page, Spinner } from '../components/page';
import { guardLoader } from './guard-loader';
import { homeOf } from '../session/homes';
import { RootLayout, type RouteHandle } from './layout/root-layout';
import type { AppRoute } from './app-route';
import { ROUTES } from './route-table';
import { useSession } from '../session/session-state';

function NotFound() {
  const user = useSession();
  return <NotFoundPage home={user ? homeOf(user) : '/login'} />;
}

function RouteScreen({ route }: { route: AppRoute }) {
  const Screen = route.screen;
  return Screen ? <Screen /> : <NotFound />;
}

/** Shown when a screen throws: the rest of the app keeps working after a reload. */
function CrashPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Page title={t('app.crashTitle')} width="narrow">
      <p>{t('app.crashBody')}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </Page>
  );
}

/** The routes, generated from the one route table. */
export function appRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTES.map((route) => ({
    path: route.path,
    caseSensitive: true,
    loader: guardLoader(route.kind),
    handle: { kind: route.kind } satisfies RouteHandle,
    element: <RouteScreen route={route} />,
  }));
  children.push({
    path: '*',
    loader: guardLoader(null),
    handle: { kind: null } satisfies RouteHandle,
    element: <NotFound />,
  });
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <Spinner />,
      errorElement: <CrashPage />,
      children: [{ errorElement: <CrashPage />, children }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
