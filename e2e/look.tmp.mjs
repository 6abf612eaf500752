import { chromium } from 'playwright-core';
const [base, user, pass, loginPath, out, width, lang, ...paths] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const ctx = await b.newContext({ viewport: { width: Number(width), height: 800 }, locale: lang });
const p = await ctx.newPage();
p.on('response', (r) => { if (r.status() >= 500) console.log(r.status(), r.url()); });
await p.goto(base + loginPath);
await p.getByLabel(/^(Email or mobile number|E-Mail oder Mobilnummer|.*)/).first().waitFor();
const inputs = p.locator('input:not([type=checkbox])');
await inputs.nth(0).fill(user); await inputs.nth(1).fill(pass);
await p.locator('button[type=submit]').first().click();
await p.waitForTimeout(2500);
for (const [i, path] of paths.entries()) {
  await p.goto(base + path);
  await p.waitForTimeout(2500);
  await p.screenshot({ path: `${out}-${i}.png`, fullPage: true });
  console.log('shot', path, p.url());
}
await b.close();
