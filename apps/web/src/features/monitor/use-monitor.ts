import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MonitorGlucoseChange, MonitorStatus } from '@cgm/contract';
import { useSearchParams } from 'react-router';
import { unwrap } from '../../api/api';
import { ApiFailureError } from '../../api/errors';
import { getMonitorProfile, patientKeys } from '../../api/patient-settings';
import { useSession } from '../../session/session-state';
import { SESSION_KEYS } from '../../session/session';
import { sessionStore } from '../../lib/storage';
import { getMonitorStatus, monitorKeys, pollMonitor } from './monitor-api';
import { createPollLoop, type PollPhase } from './poll-loop';
import { applyGlucoseChange } from './live-glucose';

/**
 * Whose monitor this is: `?uid=` (a carer's or an HCP's choice of patient), else the signed-in
 * patient's own. Carers and HCPs without a uid have no one to watch yet.
 */
export function useWatchedPatient(): { uid: string | null; own: boolean; userType: string | null } {
  const user = useSession();
  const [params] = useSearchParams();
  const chosen = params.get('uid')?.trim() || null;
  const uid = chosen ?? (user?.userType === 'P' ? user.uid : null);
  return { uid, own: uid !== null && uid === user?.uid, userType: user?.userType ?? null };
}

/** The signed-in user's country (session key loc_code, spec §3), for the default unit. */
export function sessionCountry(): string | null {
  return sessionStore().getItem(SESSION_KEYS.locCode);
}

const isRefusal = (e: unknown) => e instanceof ApiFailureError && e.failure.status === 403;

export function useMonitorStatus(uid: string, hours: number) {
  return useQuery({
    queryKey: monitorKeys.status(uid, hours),
    queryFn: async ({ signal }) => {
      const status = unwrap(await getMonitorStatus(uid, hours, signal)).status;
      // The server's clock decides staleness and ages; keep how far ours is from it.
      return { status, clockOffset: status.server_time - Date.now() };
    },
    placeholderData: keepPreviousData,
    retry: (count, error) => !isRefusal(error) && count < 2,
  });
}

/** The watched patient's name and settings; the monitor works without them (defaults). */
export function useMonitorProfile(uid: string) {
  return useQuery({
    queryKey: patientKeys.monitorProfile(uid),
    queryFn: async ({ signal }) => unwrap(await getMonitorProfile(uid, signal)).profile,
    staleTime: 60_000,
    retry: false,
  });
}

type CachedStatus = { status: MonitorStatus; clockOffset: number };

/**
 * Applies a wake-up's readings to every cached status of the patient (each chart length); false
 * when one cannot take them exactly, and the statuses are to be fetched again.
 */
function applyToCache(
  queryClient: QueryClient,
  uid: string,
  change: MonitorGlucoseChange,
  eventNo: number,
  asked: number,
): boolean {
  let applied = false;
  for (const [key, data] of queryClient.getQueriesData<CachedStatus>({
    queryKey: monitorKeys.statuses(uid),
  })) {
    const hours = Number(key[3]);
    // Only a status as of the number the poll asked with lacks exactly these readings.
    const status =
      data && data.status.eventNo === asked && Number.isFinite(hours)
        ? applyGlucoseChange(data.status, change, eventNo, hours, Date.now() + data.clockOffset)
        : null;
    if (!status) return false;
    queryClient.setQueryData<CachedStatus>(key, { ...data!, status });
    applied = true;
  }
  return applied;
}

/**
 * The live long poll for one patient (spec §4): starts once the first status gave an eventNo;
 * applies the readings an answer carries, or else refetches the status; stops when the screen
 * closes.
 */
export function useLiveMonitor(uid: string, eventNo: number | undefined): PollPhase {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<PollPhase>('idle');
  const firstEventNo = useRef(eventNo);
  const ready = eventNo !== undefined;

  useEffect(() => {
    if (firstEventNo.current === undefined) firstEventNo.current = eventNo;
  }, [eventNo]);

  useEffect(() => {
    if (!ready) return;
    const loop = createPollLoop({
      poll: (from, signal) => pollMonitor([uid], from, signal),
      onData: (_uids, eventNo, glucose, asked) => {
        const change = glucose[uid];
        if (!change || !applyToCache(queryClient, uid, change, eventNo, asked))
          void queryClient.invalidateQueries({ queryKey: monitorKeys.patient(uid) });
      },
      onPhase: (p) => {
        setPhase(p);
        if (p === 'forbidden') queryClient.removeQueries({ queryKey: monitorKeys.patient(uid) });
      },
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    });
    loop.start(firstEventNo.current ?? 0);
    return () => loop.stop();
  }, [uid, ready, queryClient]);

  return phase;
}

/** The time, moving on every `everyMs` so ages and staleness change while no data arrives. */
export function useNow(everyMs: number, offsetMs = 0): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now + offsetMs;
}
