// Runs every benchmark in this folder (`*.bench.ts`), one after another in its own process, so each
// prints its own figures against its target. `npm run bench -- <name>` runs those whose file name
// contains <name>.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const res = spawnSync('npx', ['tsx', file], { cwd: dir, stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
