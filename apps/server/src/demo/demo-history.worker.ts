import { parentPort, workerData } from 'node:worker_threads';
import { generateHistory, randomProfile } from '@cgm/simulator';

// Generating 90 days of a virtual patient takes the CPU for a second or two: done here, off the
// server's event loop, so requests keep being answered while the demo fills in (demo-data.ts).
const { seed, from, days } = workerData as { seed: number; from: number; days: number };
parentPort!.postMessage(generateHistory(randomProfile(seed), { from, days }).records);
