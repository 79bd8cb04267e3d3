import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext();
function shiftDate(offsetMs) {
  const RealDate = Date;
  const now = () => RealDate.now() + offsetMs;
  const Shifted = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget === Shifted ? target : newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver === Shifted ? target : receiver)),
  });
  globalThis.Date = Shifted;
}
await context.addInitScript(shiftDate, -5 * 86_400_000);
const page = await context.newPage();
await page.goto('data:text/html,<script>window.x=[new Date().toISOString(), Date.now(), new Date(0).toISOString(), new Date() instanceof Date, Date()]</script>');
console.log(await page.evaluate(() => window.x), new Date().toISOString());
await browser.close();
