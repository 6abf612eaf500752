// The followers' side of the live benchmark, in its own process (forked, so the server's process
// does not also run 5,000 clients), in plain JavaScript. Like a load
// generator (wrk), it speaks HTTP/1.1 over raw keep-alive sockets with pre-built requests, so the
// figures measure the server, not a client library's parser. Each follower keeps one long poll
// open and, like the web app, polls again with the eventNo of each answer. Arrival times are
// absolute (performance.timeOrigin + now), comparable across threads.
import { connect } from 'node:net';

// Set by the first message ('init'); followers: [{ token, patientId }].
let host, port, path, followers, sharedPatientId;
const send = (msg) => process.send(msg);
let sockets = [];
let arrivals = [];
let statuses = { ok: 0, other: 0 };
let watching = 'own';

const open = (f, index) =>
  new Promise((resolve, reject) => {
    const socket = connect({ host, port, noDelay: true }, () => resolve(socket));
    socket.once('error', reject);
    Object.assign(socket, { follower: f, index, buffer: '' });
    socket.on('data', (chunk) => onData(socket, chunk));
  });

function poll(socket, eventNo) {
  const uid = watching === 'own' ? socket.follower.patientId : sharedPatientId;
  const body = JSON.stringify({ uids: [uid], eventNo });
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nAuthorization: Bearer ${socket.follower.token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function onData(socket, chunk) {
  if (socket.buffer === '') socket.arrived = performance.timeOrigin + performance.now();
  socket.buffer += chunk.toString('latin1');
  const head = socket.buffer.indexOf('\r\n\r\n');
  if (head < 0) return;
  const length = Number(/content-length: (\d+)/i.exec(socket.buffer.slice(0, head))?.[1] ?? 0);
  if (socket.buffer.length < head + 4 + length) return;
  const ok = socket.buffer.startsWith('HTTP/1.1 200');
  const body = socket.buffer.slice(head + 4, head + 4 + length);
  socket.buffer = '';
  if (!ok) {
    statuses.other++;
    return;
  }
  statuses.ok++;
  const answer = JSON.parse(body);
  if (answer.data.length) arrivals.push([socket.index, socket.arrived]);
  if (socket.active) poll(socket, answer.eventNo);
}

process.on('message', async (msg) => {
  if (msg.type === 'init') {
    ({ host, port, path, followers, sharedPatientId } = msg);
    send({ type: 'ready' });
  } else if (msg.type === 'start') {
    // Fresh connections per scenario: the previous scenario's polls end when their sockets close.
    for (const s of sockets) s.destroy();
    sockets = [];
    {
      for (let i = 0; i < followers.length; i += 250) {
        sockets.push(...(await Promise.all(followers.slice(i, i + 250).map((f, j) => open(f, i + j)))));
      }
    }
    watching = msg.watching;
    arrivals = [];
    statuses = { ok: 0, other: 0 };
    for (const s of sockets) {
      s.active = true;
      poll(s, msg.eventNo);
    }
    send({ type: 'started' });
  } else if (msg.type === 'arrivals') {
    // What arrived so far, the followers still polling (a benchmark's next round).
    send({ type: 'collected', arrivals, statuses });
    arrivals = [];
    statuses = { ok: 0, other: 0 };
  } else if (msg.type === 'collect') {
    for (const s of sockets) s.destroy();
    sockets = [];
    send({ type: 'collected', arrivals, statuses });
  } else if (msg.type === 'close') {
    for (const s of sockets) s.destroy();
    process.exit(0);
  }
});
