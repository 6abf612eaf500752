// The loopback push service of the alerts benchmark, in its own process: an RFC 8030 push
// resource that takes every POST (201) and notes when each arrived (wall-clock ms, sub-ms) and on
// which path (the subscription). Driven by messages: 'listen' → {port}; 'collect' → {arrivals}.
import { createServer } from 'node:http';

const now = () => performance.timeOrigin + performance.now();
let arrivals = [];
const server = createServer((req, res) => {
  let bytes = 0;
  req.on('data', (c) => (bytes += c.length));
  req.on('end', () => {
    arrivals.push([req.url ?? '', now(), bytes, req.headers['content-encoding'] ?? '']);
    res.writeHead(201).end();
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (m) => {
  if (m.type === 'listen')
    server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
  else if (m.type === 'collect') {
    process.send({ type: 'collected', arrivals });
    arrivals = [];
  } else if (m.type === 'close') server.close(() => process.exit(0));
});
