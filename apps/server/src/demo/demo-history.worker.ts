import { parentPort } from 'node:worker_threads';
import { generateHistory, randomProfile } from '@cgm/simulator';
import type { HistoryJob } from './history-generator';

// Generating 90 days of a virtual patient takes the CPU for about a second: done here, off the
// server's event loop, so requests keep being answered while the demo fills in. One worker serves
// every patient of a start (history-generator.ts), so its code is loaded and optimised once.
parentPort!.on('message', ({ seed, ...options }: HistoryJob) => {
  parentPort!.postMessage(generateHistory(randomProfile(seed), options).records);
});
