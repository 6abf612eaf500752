import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; locale?: string; baseURL?: string; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    locale: opts.locale ?? 'en-GB',
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}
