// The device app of the ingest benchmark, in its own process: signs in as the patient, registers a
// patch app, then sends a history of readings to the ingest API in batches, one after another, as
// the simulator does after being offline. Prints {readings, ms} as JSON on its last line.
// Usage: node ingest-client.mjs <base url> <username> <password> <days> <batch> <start ms>
const [base, username, password, days, batch, start] = process.argv.slice(2);
const PER_DAY = 720; // one reading every 2 minutes

const post = async (path, body, token) => {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok || json.error)
    throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
};

const session = await post('/api/v2.0/login', { username, password, user_type: 'P' });
const device = await post(
  '/api/v2.0/devices',
  { kind: 'patch_app', serial: 'PB-BENCH', name: 'Bench app' },
  session.token,
);
const readings = [];
for (let i = 0; i < Number(days) * PER_DAY; i++) {
  const mgdl = Math.round(140 + 60 * Math.sin(i / 90) + 20 * Math.sin(i / 7));
  readings.push({
    type: 'sg',
    serial: 'TX-BENCH',
    seq: i,
    time: Number(start) + i * 120_000,
    utc_offset_min: 120,
    mgdl,
    rate: 4,
  });
}
let stored = 0;
const t0 = performance.now();
for (let i = 0; i < readings.length; i += Number(batch)) {
  const out = await post(
    '/api/v2.0/ingest',
    { records: readings.slice(i, i + Number(batch)) },
    device.device_token,
  );
  stored += out.stored ?? 0;
}
const ms = performance.now() - t0;
console.log(JSON.stringify({ readings: readings.length, stored, ms }));
