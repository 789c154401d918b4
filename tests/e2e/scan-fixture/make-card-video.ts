/**
 * Writes card-barcode.mjpeg: the membership card's barcode as the members' app draws it, for
 * Chromium's fake camera (--use-file-for-fake-video-capture) in scan-a-card.spec.ts. The bars come from
 * the app's own CODE128 encoder (src/web/ui/code128.ts) with barcode.tsx's proportions (2 units a
 * module, a quiet zone of ten modules each side, bars 100 units high), drawn black on white at 2 px a
 * unit and encoded as a few JPEG frames (Motion JPEG is a file of JPEGs one after another).
 *
 * The number is the demo member's: the first account of a fresh server (loyalty_number_seq starts at 100000001).
 * Run again after changing the encoder: `npx tsx tests/e2e/scan-fixture/make-card-video.ts`.
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { loyaltyNumberFor } from '../../../src/server/members/loyalty-number.ts';
import { code128Modules } from '../../../src/web/ui/code128.ts';

const fixtureCardNumber = loyaltyNumberFor(100_000_001);

const width = 640;
const height = 480;
const scale = 2;
const moduleWidth = 2 * scale;
const quietZone = 20 * scale;
const barHeight = 100 * scale;

const modules = code128Modules(fixtureCardNumber);
const symbolWidth = modules.length * moduleWidth + 2 * quietZone;
if (symbolWidth > width) throw new Error(`the barcode (${symbolWidth} px) is wider than the frame`);
// A grey table top with the white card on it, the bars in the middle.
const pixels = Buffer.alloc(width * height, 150);
const left = Math.floor((width - symbolWidth) / 2);
const top = Math.floor((height - barHeight) / 2);
for (let y = top - 30; y < top + barHeight + 30; y++) {
  for (let x = left; x < left + symbolWidth; x++) pixels[y * width + x] = 255;
}
for (let m = 0; m < modules.length; m++) {
  if (modules[m] !== '1') continue;
  const x0 = left + quietZone + m * moduleWidth;
  for (let y = top; y < top + barHeight; y++) pixels.fill(0, y * width + x0, y * width + x0 + moduleWidth);
}
const frame = await sharp(pixels, { raw: { width, height, channels: 1 } })
  .jpeg({ quality: 92, chromaSubsampling: '4:2:0' })
  .toBuffer();
const out = new URL('./card-barcode.mjpeg', import.meta.url);
writeFileSync(out, Buffer.concat([frame, frame, frame]));
console.log(
  `wrote ${out.pathname}: ${fixtureCardNumber}, ${modules.length} modules, ${frame.length} bytes a frame`,
);
