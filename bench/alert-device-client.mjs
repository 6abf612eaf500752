// The device apps of the alerts benchmark, in their own process: one reading for each patient in
// turn through the device API (POST /api/v2.0/ingest), a few ms apart, noting when each was sent
// (wall-clock ms, sub-ms). 'bare' instead posts a push-sized body straight to the loopback push
// service: the floor of "a request from here reaches the push service".
const now = () => performance.timeOrigin + performance.now();
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

process.on('message', async (m) => {
  if (m.type === 'send') {
    const sent = [];
    for (const item of m.items) {
      const at = now();
      const res = await fetch(m.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${item.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ records: item.records }),
      });
      await res.arrayBuffer();
      sent.push({ key: item.key, at, status: res.status, answeredAt: now() });
      await pause(m.gapMs);
    }
    process.send({ type: 'sent', sent });
  } else if (m.type === 'bare') {
    const sent = [];
    const body = Buffer.alloc(m.bytes, 1);
    for (let i = 0; i < m.count; i++) {
      const path = `/bare/${i}`;
      const at = now();
      const res = await fetch(m.origin + path, {
        method: 'POST',
        headers: { 'content-encoding': 'aes128gcm', ttl: '300' },
        body,
      });
      await res.arrayBuffer();
      sent.push({ key: path, at });
      await pause(m.gapMs);
    }
    process.send({ type: 'sent', sent });
  } else if (m.type === 'close') process.exit(0);
});
