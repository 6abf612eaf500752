import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DeviceRecord } from '@cgm/contract';

export interface HistoryJob {
  seed: number;
  from: number;
  days: number;
  /** The sensor's longest signal-loss gap (the live patient's, seed-demo.ts). */
  maxSignalLossMin?: number;
}

export interface HistoryGenerator {
  /** The records of a job; jobs are answered in the order they were asked for. */
  generate(job: HistoryJob): Promise<DeviceRecord[]>;
  close(): Promise<void>;
}

/**
 * One worker thread that generates the demo patients' histories, one after another. The caller
 * asks for the next patient before storing the current one, so generating (the worker's core) and
 * storing (the server's thread) overlap on a 2-core machine; starting a worker per patient cost a
 * TypeScript load and a cold simulator each time. The worker never keeps the process alive.
 */
export function startHistoryGenerator(): HistoryGenerator {
  const script = new URL('./demo-history.worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxLoader())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); })`;
  const worker = new Worker(boot, { eval: true });
  worker.unref();
  const waiting: Array<{ resolve: (r: DeviceRecord[]) => void; reject: (e: Error) => void }> = [];
  const failAll = (err: Error) => {
    for (const w of waiting.splice(0)) w.reject(err);
  };
  worker.on('message', (records: DeviceRecord[]) => waiting.shift()?.resolve(records));
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`demo history worker stopped with code ${code}`)));
  return {
    generate(job) {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage(job);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** tsx's ESM register function, by its package's exports (a worker's eval script has no base path). */
function tsxLoader(): string {
  const pkgPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(join(dirname(pkgPath), pkg.exports['./esm/api']!.import.default)).href;
}
