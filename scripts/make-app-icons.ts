/**
 * Draws the installable app's icons (src/server/web-host/installable.ts, index.html) from the brand's
 * mark, public/favicon.svg, into public/icons/ (committed: run again only when the mark changes,
 * `npm run make-app-icons`). The mark's serif letter is drawn with the machine's serif
 * face (Georgia where there is one), as browsers draw the favicon.
 *  - icon-192.png, icon-512.png: the mark as it is, rounded corners and all ("any").
 *  - icon-maskable-512.png: the dark ground to every edge and the letter inside the central 80% safe
 *    zone, as a launcher crops it to its own shape ("maskable").
 *  - apple-touch-icon.png, 180 px: full-bleed and opaque; iOS rounds the corners itself.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const mark = readFileSync('public/favicon.svg', 'utf8');
/** The same mark on a square ground to the edges (no rounded corners, no transparency). */
const fullBleed = mark.replace(/rx="[^"]*"/, 'rx="0"');
/** Full-bleed, the letter scaled to sit well inside the maskable safe zone (a circle of 40% radius). */
const maskable = fullBleed.replace(
  /<text /,
  '<text transform="translate(32 32) scale(0.8) translate(-32 -32)" ',
);

async function draw(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/${file}`);
  console.log(`public/icons/${file}`);
}

await draw(mark, 192, 'icon-192.png');
await draw(mark, 512, 'icon-512.png');
await draw(maskable, 512, 'icon-maskable-512.png');
await sharp(Buffer.from(fullBleed), { density: (72 * 180) / 64 })
  .resize(180, 180)
  .flatten({ background: '#121212' })
  .png({ compressionLevel: 9 })
  .toFile('public/icons/apple-touch-icon.png');
console.log('public/icons/apple-touch-icon.png');
