import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import type { SessionUser } from '../../session/session';
import { signOut } from '../../session/session-state';

interface MenuItem {
  to: string;
  label: string;
  badge?: number;
  /** What the badge counts, for screen readers. */
  badgeLabel?: string;
}

/**
 * The user menu of spec §2: messages (HCP, carer), connections (patient), profile, security; for
 * patients also their data sources and monitor settings.
 */
export function menuItems(
  user: SessionUser,
  t: (key: string, options?: Record<string, unknown>) => string,
): MenuItem[] {
  const items: MenuItem[] = [];
  if (user.userType === 'D' || user.userType === 'M') {
    const badgeLabel = t('header.unread', { count: user.unread });
    items.push({ to: '/messages', label: t('menu.messages'), badge: user.unread, badgeLabel });
  }
  if (user.userType === 'P') {
    // The requests waiting for the patient's decision (relations/auth/todo).
    const badgeLabel = t('connections.menuBadge', { count: user.requests });
    items.push({ to: '/connection', label: t('menu.connections'), badge: user.requests, badgeLabel });
    items.push({ to: '/Hcp/charts', label: t('menu.reports') });
    items.push({ to: '/dataSources', label: t('menu.dataSources') });
  }
  items.push({ to: '/Profile1', label: t('menu.profile') });
  items.push({ to: '/changePassword', label: t('menu.security') });
  items.push({ to: '/recent-updates', label: t('menu.recentUpdates') });
  return items;
}

export function UserMenu({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onSignOut = async () => {
    setBusy(true);
    await signOut((to) => void navigate(to, { replace: true }));
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="btn btn--ghost user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {(user.username[0] ?? '?').toUpperCase()}
        </span>
        <span className="user-menu__name">{user.username}</span>
        <span aria-hidden="true" className="caret" />
      </button>
      {open && (
        <nav id={menuId} className="user-menu__panel" aria-label={t('menu.label')}>
          <ul>
            {menuItems(user, t).map((item) => (
              <li key={item.to}>
                <Link to={item.to} onClick={() => setOpen(false)}>
                  {item.label}
                  {item.badge ? (
                    <span className="badge" aria-label={item.badgeLabel}>
                      {formatNumber(item.badge, i18n.language)}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="user-menu__signout"
                disabled={busy}
                onClick={() => void onSignOut()}
              >
                {t('menu.signOut')}
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
