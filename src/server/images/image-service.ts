import sharp from 'sharp';
import type { z } from 'zod';
import { type imageSchema, imageWidths } from '#shared/api/stylists.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Images staff upload (a stylist's photo; events and style guides later): decoded to learn what
 * they are, resized to fixed widths as WebP, kept in the database so every app server serves them.
 * The original is not kept: it may carry the camera's location, and nobody needs it.
 */

export type ImageView = z.output<typeof imageSchema>;

/** Raster formats only: an SVG is a document (scripts, external references), not a photo. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** A decompression bomb (a small file of a huge picture) is refused before it is decoded. */
const maxInputPixels = 50_000_000;

const notAnImage = () =>
  new HttpError(
    422,
    'NotAnImage',
    'The file is not an image we can use: upload a JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF photo.',
  );

function imageUrl(id: string, width: number): string {
  return `/api/images/${id}/${width}.webp`;
}

/** The widths kept for an image `width` pixels wide: the fixed ones up to it, never upscaled. */
function widthsFor(width: number): number[] {
  const fitting = imageWidths.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : [width];
}

interface Rendition {
  width: number;
  height: number;
  bytes: Buffer;
}

/** Decodes the upload and makes its renditions; anything that does not decode is NotAnImage. */
async function renditionsOf(upload: Uint8Array): Promise<Rendition[]> {
  let oriented: Buffer;
  let width: number;
  try {
    const input = sharp(upload, { limitInputPixels: maxInputPixels, failOn: 'error' });
    const meta = await input.metadata();
    if (!meta.format || !acceptedFormats.has(meta.format)) throw notAnImage();
    // The camera's orientation applied once, so every width stands the right way up.
    const { data, info } = await input.rotate().toBuffer({ resolveWithObject: true });
    oriented = data;
    width = info.width;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw notAnImage();
  }
  const renditions: Rendition[] = [];
  for (const target of widthsFor(width)) {
    const { data, info } = await sharp(oriented)
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    renditions.push({ width: info.width, height: info.height, bytes: data });
  }
  return renditions;
}

/** Stores an uploaded image (audited): answers its id, size and renditions. */
export async function storeImage(
  db: Database,
  upload: Uint8Array,
  uploadedBy: string | null,
  // Null only for pictures shipped with the app (the demo stylist's photo): nobody's act to record.
  audit: Audit | null,
): Promise<ImageView> {
  const renditions = await renditionsOf(upload);
  const largest = renditions[renditions.length - 1];
  if (!largest) throw notAnImage();
  return db.transaction(async (tx) => {
    const image = await queryOne<{ id: string }>(
      tx,
      'INSERT INTO images (uploaded_by, width, height) VALUES ($1, $2, $3) RETURNING id',
      [uploadedBy, largest.width, largest.height],
    );
    if (!image) throw new Error('image insert returned no row');
    for (const r of renditions) {
      await tx.query(
        `INSERT INTO image_renditions (image_id, width, height, content_type, bytes)
         VALUES ($1, $2, $3, 'image/webp', $4)`,
        [image.id, r.width, r.height, r.bytes],
      );
    }
    await audit?.(tx, {
      change: { imageId: image.id, width: largest.width, height: largest.height, bytes: upload.byteLength },
    });
    return viewOf(image.id, largest, renditions);
  });
}

function viewOf(
  id: string,
  largest: { width: number; height: number },
  renditions: readonly Omit<Rendition, 'bytes'>[],
) {
  return {
    id,
    width: largest.width,
    height: largest.height,
    renditions: renditions.map((r) => ({ width: r.width, height: r.height, url: imageUrl(id, r.width) })),
  };
}

/** An image's size and renditions (without their bytes), or undefined. */
export async function findImage(db: Queryable, id: string): Promise<ImageView | undefined> {
  const rows = await db.query<{ width: number; height: number; r_width: number; r_height: number }>(
    `SELECT i.width, i.height, r.width AS r_width, r.height AS r_height
       FROM images i JOIN image_renditions r ON r.image_id = i.id
      WHERE i.id = $1 ORDER BY r.width`,
    [id],
  );
  const first = rows[0];
  if (!first) return undefined;
  return viewOf(
    id,
    first,
    rows.map((r) => ({ width: r.r_width, height: r.r_height })),
  );
}

/** The bytes of one rendition, or undefined when the image or that width does not exist. */
export async function renditionBytes(
  db: Queryable,
  id: string,
  width: number,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const row = await queryOne<{ bytes: Buffer | Uint8Array; content_type: string }>(
    db,
    'SELECT bytes, content_type FROM image_renditions WHERE image_id = $1 AND width = $2',
    [id, width],
  );
  return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : undefined;
}
