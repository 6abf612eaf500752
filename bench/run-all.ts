// Runs every benchmark in this folder (`*.bench.ts`), one after another in its own process, so each
// prints its own figures against its target. `npm run bench -- <name>` runs those whose file name
// contains <name>. The web app is built first when a benchmark needs it. Before each benchmark the
// machine is given time to settle: a benchmark must not measure the previous one's aftermath (its
// database's background writes, a client process still exiting).
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

/** The machine's share of busy CPU time over the next second (all cores, from /proc/stat). */
async function busyShare(): Promise<number> {
  const read = () => {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3]! + (n[4] ?? 0);
    return { idle, total: n.reduce((a, b) => a + b, 0) };
  };
  const a = read();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const b = read();
  return 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
}

/** Waits (at most 60 s) until the machine is mostly idle; says what keeps it busy meanwhile. */
async function settle(): Promise<void> {
  for (let second = 0; second < 60; second++) {
    const busy = await busyShare();
    if (busy < 0.15) return;
    if (second % 10 === 0) {
      const top = execFileSync('ps', ['-eo', 'pcpu,pid,comm', '--sort=-pcpu'], { encoding: 'utf8' });
      console.log(
        `(machine ${Math.round(busy * 100)} % busy before the next benchmark; busiest:\n${top.split('\n').slice(1, 5).join('\n')})`,
      );
    }
  }
  console.log('(the machine stayed busy for 60 s: the figures below may be high)');
}

// The browser benchmarks measure the real web app: built first, as `npm start` does.
if (files.some((f) => /first-load|trend-draw|login-storm/.test(f))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: `${dir}..`, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

let failed = 0;
for (const file of files) {
  await settle();
  console.log(`\n### ${file}`);
  const res = spawnSync('npx', ['tsx', file], { cwd: dir, stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
