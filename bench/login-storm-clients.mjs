// The login storm of bench/login-storm.bench.ts, in its own process (so the server's process measures
// only the server): `concurrency` sign-ins at once, each followed at once by the next, at user names
// that have no account (each answered after a full password check, as a credential-stuffing run
// would be), until SIGTERM. Then prints the sign-ins' milliseconds and answers as JSON.
// Usage: node login-storm-clients.mjs <login url> <concurrency>
const [url, concurrency] = process.argv.slice(2);
let stop = false;
process.on('SIGTERM', () => (stop = true));
const samples = [];
const statuses = {};
let n = 0;
async function loop(worker) {
  while (!stop) {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `storm-${worker}-${n++}@bench.test`,
        password: 'Wrong#pass1',
        user_type: 'P',
      }),
    });
    await res.arrayBuffer();
    samples.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
}
console.error('storm started');
await Promise.all(Array.from({ length: Number(concurrency) }, (_, i) => loop(i)));
console.log(JSON.stringify({ samples, statuses }));
