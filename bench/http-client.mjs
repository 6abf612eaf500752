// A benchmark's client in its own process (so the server's process measures only the server): sends
// the same request again and again, one after another, over one keep-alive connection, and prints
// each round trip's milliseconds (to the last byte) as JSON on its last line.
// Usage: node http-client.mjs <url> <bearer token> <count> [<JSON body to POST>]
const [url, token, count, body] = process.argv.slice(2);
const samples = [];
let failures = 0;
let bytes = 0;
const headers = { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) };
for (let i = 0; i < Number(count); i++) {
  const started = performance.now();
  const res = await fetch(url, body ? { method: 'POST', headers, body } : { headers });
  const answer = await res.arrayBuffer();
  samples.push(performance.now() - started);
  bytes = answer.byteLength;
  if (!res.ok) {
    failures++;
    console.error(`${res.status} ${Buffer.from(answer).toString().slice(0, 200)}`);
  }
}
console.log(JSON.stringify({ samples, failures, bytes }));
