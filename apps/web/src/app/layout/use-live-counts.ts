import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { API, countResponse } from '@cgm/contract';
import { api } from '../../api/api';
import type { SessionUser } from '../../session/session';
import { saveRequests, saveUnread } from '../../session/session-state';

/** How often the header asks again while the user stays on one screen. */
export const LIVE_COUNT_INTERVAL_MS = 60_000;

/** Which count a user's header shows (spec §2 user menu, §6): messages for followers, requests for patients. */
export function liveCountOf(userType: SessionUser['userType']): 'unread' | 'requests' | null {
  if (userType === 'M' || userType === 'D') return 'unread';
  if (userType === 'P') return 'requests';
  return null;
}

/**
 * Keeps the header's counts true: the unread messages of a carer or HCP, the pending requests of a
 * patient. Asked on every navigation and every minute; the messages screen also updates them after
 * it marks messages read. A failed ask keeps the last count (the client handles a lost session).
 */
export function useLiveCounts(user: SessionUser): void {
  const { pathname } = useLocation();
  const which = liveCountOf(user.userType);
  useEffect(() => {
    if (!which) return;
    const controller = new AbortController();
    const ask = async () => {
      const path = which === 'unread' ? API.messagesUnread : API.relationsTodo;
      const res = await api.get(path, countResponse, { signal: controller.signal });
      if (!res.ok) return;
      if (which === 'unread') saveUnread(res.data.count);
      else saveRequests(res.data.count);
    };
    void ask();
    const timer = setInterval(() => void ask(), LIVE_COUNT_INTERVAL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [which, pathname, user.uid]);
}
