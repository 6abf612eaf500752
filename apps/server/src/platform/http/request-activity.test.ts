import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackRequestActivity, WORKING_MS } from './request-activity';

// Background work between its parts waits for the requests being answered, but not for long polls
// that are only waiting.

async function appWithSlowRoute() {
  const app = Fastify();
  app.get('/early', async () => 'declared before tracking');
  const activity = trackRequestActivity(app);
  let release: () => void = () => undefined;
  app.get('/slow', () => new Promise<string>((resolve) => (release = () => resolve('done'))));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, activity, base, release: () => release() };
}

describe('request activity', () => {
  it('is quiet at once with no request working', async () => {
    const { app, activity } = await appWithSlowRoute();
    const t0 = Date.now();
    await activity.quiet();
    expect(Date.now() - t0).toBeLessThan(200);
    await app.close();
  });

  it('waits for a working request to be answered', async () => {
    const { app, activity, base, release } = await appWithSlowRoute();
    const answer = fetch(`${base}/slow`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    let quiet = false;
    const waiting = activity.quiet().then(() => (quiet = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(quiet).toBe(false);
    release();
    expect(await answer).toBe('done');
    await waiting;
    expect(quiet).toBe(true);
    await app.close();
  });

  it('does not wait for a request in flight longer than a working one (a long poll)', async () => {
    let clock = 0;
    const app = Fastify();
    const activity = trackRequestActivity(app, () => clock);
    app.get('/poll', () => new Promise(() => undefined));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const controller = new AbortController();
    fetch(`${base}/poll`, { signal: controller.signal }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock = WORKING_MS + 1; // the poll has been waiting this long
    const t0 = Date.now();
    await activity.quiet();
    expect(Date.now() - t0).toBeLessThan(200);
    controller.abort();
    await app.close();
  });

  it('sees requests to routes declared before it was set up', async () => {
    const { app, activity, base } = await appWithSlowRoute();
    expect(await (await fetch(`${base}/early`)).text()).toBe('declared before tracking');
    await activity.quiet();
    await app.close();
  });
});
