// A benchmark's bare baseline in its own process: runs one SQL statement again and again on one
// connection and prints each round trip's milliseconds (rows read to the last one) as JSON.
// Usage: node sql-client.mjs <database url> <count> <sql> [<JSON array of parameters>]
import pg from 'pg';

const [url, count, text, params] = process.argv.slice(2);
const client = new pg.Client({ connectionString: url });
await client.connect();
const values = params ? JSON.parse(params) : [];
const samples = [];
let rows = 0;
for (let i = 0; i < Number(count); i++) {
  const started = performance.now();
  const res = await client.query(text, values);
  samples.push(performance.now() - started);
  rows = res.rowCount ?? 0;
}
await client.end();
console.log(JSON.stringify({ samples, rows }));
