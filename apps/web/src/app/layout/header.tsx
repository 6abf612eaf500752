import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageButton } from '../../components/language-dialog';
import { Logo } from '../../components/logo';
import { formatNumber } from '../../i18n/format';
import { homeOf } from '../../session/homes';
import type { SessionUser } from '../../session/session';
import { useLiveCounts } from './use-live-counts';
import { UserMenu } from './user-menu';

/** Public pages: the logo and the language button. */
export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className="header">
      <div className="header__inner">
        <Link to="/login" className="header__brand" aria-label={t('header.homeLink')}>
          <Logo />
        </Link>
        <div className="header__actions">
          <LanguageButton />
        </div>
      </div>
    </header>
  );
}

/** Signed-in pages: logo, home, unread messages and the user menu (spec §2). */
export function AppHeader({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const home = homeOf(user);
  const messages = user.userType === 'D' || user.userType === 'M';
  useLiveCounts(user);
  return (
    <header className="header header--app">
      <div className="header__inner">
        <Link to={home} className="header__brand" aria-label={t('header.homeLink')}>
          <Logo />
        </Link>
        <nav className="header__nav" aria-label={t('header.navigation')}>
          <Link to={home} className="header__link">
            {t('header.home')}
          </Link>
          {messages && (
            <Link
              to="/messages"
              className="header__link"
              aria-label={`${t('menu.messages')}, ${t('header.unread', { count: user.unread })}`}
            >
              {t('menu.messages')}
              {user.unread > 0 && (
                <span className="badge" aria-hidden="true">
                  {formatNumber(user.unread, i18n.language)}
                </span>
              )}
            </Link>
          )}
          {user.userType === 'P' && (
            <Link
              to="/connection"
              className="header__link"
              aria-label={`${t('menu.connections')}, ${t('connections.menuBadge', { count: user.requests })}`}
            >
              {t('menu.connections')}
              {user.requests > 0 && (
                <span className="badge" aria-hidden="true">
                  {formatNumber(user.requests, i18n.language)}
                </span>
              )}
            </Link>
          )}
        </nav>
        <div className="header__actions">
          <LanguageButton />
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
