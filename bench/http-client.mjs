// A benchmark's client in its own process (so the server's process measures only the server): sends
// the same request again and again, one after another, over one keep-alive connection, and prints
// each round trip's milliseconds as JSON on its last line.
// Usage: node http-client.mjs <url> <bearer token> <count>
const [url, token, count] = process.argv.slice(2);
const samples = [];
let failures = 0;
for (let i = 0; i < Number(count); i++) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  samples.push(performance.now() - started);
  if (!res.ok) {
    failures++;
    console.error(`${res.status} ${body.slice(0, 200)}`);
  }
}
console.log(JSON.stringify({ samples, failures }));
