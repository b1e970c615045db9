#!/usr/bin/env node
// Draws the installed app's icons from the ATM mark (the top bar's bold "ATM" on the hero's red)
// in Chromium and writes them to frontend-shell/public/icons/, which the shell's build copies
// beside its manifests. Run again after changing the mark: `node tools/make-app-icons.mjs`.
// A maskable icon keeps the mark inside the middle 80% (the safe zone launchers may crop to);
// the others fill their square as browsers and iOS show them.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

const out = fileURLToPath(new URL('../frontend-shell/public/icons/', import.meta.url));
const ICONS = [
  { file: 'icon-192.png', size: 192, mark: 0.3 },
  { file: 'icon-512.png', size: 512, mark: 0.3 },
  { file: 'icon-maskable-512.png', size: 512, mark: 0.22 },
  { file: 'apple-touch-icon.png', size: 180, mark: 0.28 },
];

const page = ({ size, mark }) => `<!doctype html><html><body style="margin:0">
<div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;
background:linear-gradient(135deg,#3d0d0b 0%,#8c1d18 100%);color:#fff;
font:800 ${Math.round(size * mark)}px/1 system-ui,'DejaVu Sans',sans-serif;letter-spacing:0.06em">ATM</div>
</body></html>`;

mkdirSync(out, { recursive: true });
const browser = await launchChromium();
try {
  for (const icon of ICONS) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(page(icon));
    await tab.screenshot({ path: `${out}${icon.file}`, omitBackground: false });
    await tab.close();
    console.log(`${icon.file} ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
