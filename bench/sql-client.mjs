// The bare baseline of a benchmark, in its own process like its HTTP client: runs one SQL
// statement again and again over one `pg` connection and prints each round trip's milliseconds as
// JSON on its last line.
// Usage: node sql-client.mjs <database url> <sql> <count>
import pg from 'pg';

const [url, text, count] = process.argv.slice(2);
const client = new pg.Client({ connectionString: url });
await client.connect();
const samples = [];
for (let i = 0; i < Number(count); i++) {
  const started = performance.now();
  await client.query(text);
  samples.push(performance.now() - started);
}
await client.end();
console.log(JSON.stringify({ samples, failures: 0 }));
