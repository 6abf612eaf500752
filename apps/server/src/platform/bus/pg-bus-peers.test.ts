import { describe, expect, it } from 'vitest';
import { createPeers, peerMessageOf, peerPayload } from './pg-bus-peers';

describe('live bus peers', () => {
  it('answers a hello, forgets a peer that says bye or is not heard from for two minutes', () => {
    let now = 0;
    const peers = createPeers(() => now);
    expect(peers.any()).toBe(false);
    expect(peers.heard('b', 'hello')).toBe('here');
    expect(peers.heard('c', 'here')).toBeNull();
    expect(peers.count()).toBe(2);
    expect(peers.heard('b', 'bye')).toBeNull();
    expect(peers.count()).toBe(1);
    // A data notification shows the peer is alive, as its heartbeat does.
    now = 100_000;
    peers.heard('c', 'data');
    now = 219_000;
    expect(peers.any()).toBe(true);
    now = 221_000;
    expect(peers.any()).toBe(false);
  });

  it('tells peer messages from data notifications', () => {
    expect(peerPayload('o', 'hello')).toBe('o|!hello');
    expect(peerMessageOf('!bye')).toBe('bye');
    expect(peerMessageOf('6f1c2d3e-0000-4000-8000-000000000000')).toBeNull();
    expect(peerMessageOf(undefined)).toBeNull();
  });
});
