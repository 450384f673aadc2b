// Renders the app icons (any and maskable) from the favicon artwork: node scripts/pwa-icons.mjs
import { chromium } from '@playwright/test';

const ART = `<path d="M16 6c1.2 3.6 5.5 6 5.5 11.2A5.5 5.5 0 0 1 16 23a5.5 5.5 0 0 1-5.5-5.8c0-2.4 1.3-4 2.7-5.3.2 1.7.9 2.9 2 3.6C15 12 14.9 8.9 16 6Z" fill="#FAF6F0"/><rect x="8" y="24.5" width="16" height="2" rx="1" fill="#D2B48C"/>`;
// "any": the rounded tile as in the favicon. "maskable": full-bleed background, artwork inside the 80% safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7A4E2D"/>${ART}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#7A4E2D"/><g transform="translate(16 16) scale(0.72) translate(-16 -16.25)">${ART}</g></svg>`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', maskable, 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.locator('svg').screenshot({ path: `apps/web/public/icons/${name}`, omitBackground: true });
}
await browser.close();
