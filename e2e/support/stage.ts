import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startMailServer } from './mail-server';
import { startPortal, type Portal } from './portal';

export interface Stage {
  mail: Awaited<ReturnType<typeof startMailServer>>;
  portal: Portal;
  browser: Browser;
}

/**
 * The stage of a journey file: a real SMTP server, the portal delivering mail to it (with `env`
 * added to its environment), and Chromium; started before the file's tests and stopped after.
 * Read its parts inside tests (they exist once beforeAll has run).
 */
export function useStage(env: Record<string, string> = {}): Stage {
  const stage = {} as Stage;
  beforeAll(async () => {
    stage.mail = await startMailServer();
    stage.portal = await startPortal({ smtpUrl: stage.mail.url, env });
    stage.browser = await launchBrowser();
  });
  afterAll(async () => {
    await stage.browser?.close();
    await stage.portal?.stop();
    await stage.mail?.close();
  });
  return stage;
}
