import { deflateSync } from 'node:zlib';

/** A tiny PNG encoder for the generated pass artwork (no image library needed). */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgba = [number, number, number, number];

/** Encodes an RGBA image whose pixel colour `paint(x, y)` answers. */
function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(paint(x, y), row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Parses "rgb(r, g, b)" or "#rrggbb". */
export function parseColour(colour: string): [number, number, number] {
  const rgb = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/i.exec(colour);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex)
    return [
      Number.parseInt(hex[1] ?? '0', 16),
      Number.parseInt(hex[2] ?? '0', 16),
      Number.parseInt(hex[3] ?? '0', 16),
    ];
  return [18, 18, 18];
}

/**
 * The brand mark: a ring in the accent colour around a diamond, on a transparent or filled square.
 * Drawn at any size (Apple wants 1x/2x/3x icons and logos).
 */
export function brandMark(size: number, accent: [number, number, number], background: Rgba | null): Buffer {
  const c = (size - 1) / 2;
  return encodePng(size, size, (x, y) => {
    const dx = x - c;
    const dy = y - c;
    const r = Math.hypot(dx, dy) / (size / 2);
    const diamond = (Math.abs(dx) + Math.abs(dy)) / (size / 2);
    if ((r > 0.78 && r < 0.94) || diamond < 0.42) return [...accent, 255];
    return background ?? [0, 0, 0, 0];
  });
}
