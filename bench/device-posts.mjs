// A device app in its own process (so the server's process measures only the server): sends
// <count> single new readings to the ingest API one after another over one keep-alive connection,
// each with the next sequence number, and prints each round trip's milliseconds (to the last byte)
// and the absolute time each was sent (comparable across processes) as JSON on its last line.
// Usage: node device-posts.mjs <ingest url> <device token> <count> <first seq>
const [url, token, count, firstSeq] = process.argv.slice(2);
const samples = [];
const sentAt = [];
let failures = 0;
// Opens the keep-alive connection first (a GET the route refuses, storing nothing), so the first
// measured post is not also the connection's set-up.
await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  .then((r) => r.arrayBuffer())
  .catch(() => undefined);
for (let i = 0; i < Number(count); i++) {
  const seq = Number(firstSeq) + i;
  const body = JSON.stringify({
    records: [
      {
        type: 'sg',
        serial: 'TX-POST',
        seq,
        time: Date.now() - 1000,
        utc_offset_min: 0,
        mgdl: 120 + (seq % 40),
      },
    ],
  });
  const started = performance.now();
  sentAt.push(performance.timeOrigin + started);
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const answer = await res.json();
  samples.push(performance.now() - started);
  if (!res.ok || answer.stored !== 1) failures++;
}
console.log(JSON.stringify({ samples, sentAt, failures }));
