// Sends records to the ingest API like a device app: batches in order from an in-memory queue;
// a batch leaves the queue only when the server has acknowledged it, so nothing generated is lost
// while the server is unreachable, and a batch whose reply was lost is sent again (the server
// stores each (serial, type, seq) once). 413 halves the batch; 400 drops it (resending cannot fix
// it); 401/403 stop the stream; anything else is retried with a growing pause.

import type { DeviceRecord } from '@cgm/contract';
import { API, ingestResponse } from '@cgm/contract';

export interface UploaderOptions {
  url: string;
  token: string;
  batchSize?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
  /** Longest pause between retries, ms (default 30 s). */
  maxBackoffMs?: number;
}

export class FatalUploadError extends Error {}

export interface UploadTotals {
  batches: number;
  stored: number;
  duplicates: number;
  rejected: number;
  dropped: number;
  retries: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Uploader {
  readonly totals: UploadTotals = {
    batches: 0,
    stored: 0,
    duplicates: 0,
    rejected: 0,
    dropped: 0,
    retries: 0,
  };
  /** Set when the server refused the token: the stream has to stop. */
  fatal: FatalUploadError | null = null;
  private queue: DeviceRecord[] = [];
  private running: Promise<void> | null = null;
  private batchSize: number;
  private readonly endpoint: string;
  private readonly fetchFn: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly log: (line: string) => void;

  constructor(private readonly options: UploaderOptions) {
    this.batchSize = options.batchSize ?? 1000;
    this.endpoint = `${options.url.replace(/\/+$/, '')}${API.ingest}`;
    this.fetchFn = options.fetch ?? fetch;
    this.sleep = options.sleep ?? defaultSleep;
    this.log = options.log ?? ((line) => console.log(line));
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Queues records and starts sending if not already under way. */
  push(records: readonly DeviceRecord[]): void {
    if (records.length === 0) return;
    this.queue.push(...records);
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the queue is empty (or the stream was stopped by the server). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    let backoff = 1000;
    while (this.queue.length > 0 && !this.fatal) {
      const batch = this.queue.slice(0, this.batchSize);
      const outcome = await this.send(batch);
      if (outcome === 'sent' || outcome === 'dropped') {
        this.queue.splice(0, batch.length);
        backoff = 1000;
      } else if (outcome === 'smaller') {
        this.batchSize = Math.max(1, Math.floor(this.batchSize / 2));
      } else if (outcome === 'retry') {
        this.totals.retries++;
        await this.sleep(backoff);
        backoff = Math.min(this.options.maxBackoffMs ?? 30_000, backoff * 2);
      }
    }
  }

  private async send(batch: DeviceRecord[]): Promise<'sent' | 'dropped' | 'smaller' | 'retry' | 'fatal'> {
    let res: Response;
    try {
      res = await this.fetchFn(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.token}` },
        body: JSON.stringify({ records: batch }),
      });
    } catch (e) {
      this.log(`server unreachable (${(e as Error).message}); ${this.queue.length} records kept, retrying`);
      return 'retry';
    }
    if (res.status === 401 || res.status === 403) {
      this.fatal = new FatalUploadError(`the server refused the device token (HTTP ${res.status})`);
      this.log(this.fatal.message);
      return 'fatal';
    }
    if (res.status === 413 && batch.length > 1) return 'smaller';
    if (res.status === 400) {
      this.totals.dropped += batch.length;
      this.log(`batch of ${batch.length} refused as invalid (HTTP 400): ${(await res.text()).slice(0, 200)}`);
      return 'dropped';
    }
    const parsed = res.ok ? ingestResponse.safeParse(await res.json().catch(() => null)) : null;
    if (!parsed?.success) {
      this.log(`ingest answered HTTP ${res.status}; ${this.queue.length} records kept, retrying`);
      return 'retry';
    }
    const r = parsed.data;
    this.totals.batches++;
    this.totals.stored += r.stored;
    this.totals.duplicates += r.duplicates;
    this.totals.rejected += r.rejected;
    const last = new Date(batch.reduce((m, x) => Math.max(m, x.time), 0))
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
    this.log(
      `[${last} UTC] sent ${batch.length} record${batch.length === 1 ? '' : 's'}: ${r.stored} stored, ${r.duplicates} duplicates, ` +
        `${r.rejected} rejected (queue ${this.queue.length - batch.length})`,
    );
    for (const p of r.problems.slice(0, 3)) this.log(`  rejected: ${p.reason ?? p.status}`);
    return 'sent';
  }
}
