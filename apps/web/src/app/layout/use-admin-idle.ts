import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_IDLE_CHECK_MS, isIdle } from '../../session/logout';
import { signOut } from '../../session/session-state';

/** Spec §4 "Admin session: auto-logout after 10 minutes without clicks", checked every second. */
export function useAdminIdleLogout(active: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    let last = Date.now();
    let done = false;
    const touch = () => {
      last = Date.now();
    };
    document.addEventListener('click', touch, true);
    document.addEventListener('keydown', touch, true);
    const timer = setInterval(() => {
      if (done || !isIdle(last, Date.now())) return;
      done = true;
      void signOut((to) => void navigate(to, { replace: true }));
    }, ADMIN_IDLE_CHECK_MS);
    return () => {
      document.removeEventListener('click', touch, true);
      document.removeEventListener('keydown', touch, true);
      clearInterval(timer);
    };
  }, [active, navigate]);
}
