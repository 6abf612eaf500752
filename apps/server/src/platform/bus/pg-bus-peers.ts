// Which other server processes listen on the live bus's channel, so that a process alone on its
// database (the usual single-server deployment) sends no NOTIFY with every write: PostgreSQL takes
// a database-wide lock for a NOTIFY at commit, and this process's own listening connection would
// receive each one only to drop it. A process says hello when it starts listening; the others
// answer that they are here, say so again every half minute, and say bye when they stop. A process
// not heard from for two minutes (it crashed) is forgotten. A new process says hello before it
// serves anyone, so nobody who follows a patient through it can miss a write for want of a NOTIFY.

export type PeerMessage = 'hello' | 'here' | 'bye';

const PEER_TTL_MS = 120_000;
export const PEER_HEARTBEAT_MS = 30_000;

export interface Peers {
  /** A message from another process; answers 'here' to its hello. */
  heard(origin: string, message: PeerMessage | 'data'): PeerMessage | null;
  /** Whether any other process listens now. */
  any(): boolean;
  count(): number;
}

export function createPeers(now: () => number = Date.now): Peers {
  const lastHeard = new Map<string, number>();
  const prune = () => {
    const oldest = now() - PEER_TTL_MS;
    for (const [origin, at] of lastHeard) if (at < oldest) lastHeard.delete(origin);
  };
  return {
    heard(origin, message) {
      if (message === 'bye') {
        lastHeard.delete(origin);
        return null;
      }
      lastHeard.set(origin, now());
      return message === 'hello' ? 'here' : null;
    },
    any() {
      prune();
      return lastHeard.size > 0;
    },
    count() {
      prune();
      return lastHeard.size;
    },
  };
}

/** A peer message's payload, `origin|!message` (a patient id never starts with '!'). */
export const peerPayload = (origin: string, message: PeerMessage) => `${origin}|!${message}`;

/** The peer message in a payload's second part, or null for a data notification. */
export function peerMessageOf(part: string | undefined): PeerMessage | null {
  return part === '!hello' || part === '!here' || part === '!bye' ? (part.slice(1) as PeerMessage) : null;
}
