import { ErrorCode, IMAGE_MAX_BYTES } from '@hearth/contract';
import sharp from 'sharp';
import { AppError } from './errors.js';

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decoding stops before this many pixels (a 389 KB PNG can claim 20000 x 20000). */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** What housemates' browsers get at most: larger pictures are scaled down to fit. */
export const IMAGE_MAX_SIDE = 2048;
/** Frames kept from an animated GIF or WebP. */
const MAX_FRAMES = 100;

type Format = 'png' | 'jpeg' | 'webp' | 'gif';
const ACCEPTED: Record<string, Format> = { png: 'png', jpeg: 'jpeg', webp: 'webp', gif: 'gif' };

const invalid = (field: string, message = `${field} must be a PNG, JPEG, WebP or GIF image.`) =>
  new AppError(400, ErrorCode.imageInvalid, message, field);
const tooLarge = (field: string) =>
  new AppError(413, ErrorCode.imageTooLarge, `${field} must be at most 2 MB.`, field);

/**
 * Checks an uploaded data-URL image by decoding it, and returns a fresh encoding of its pixels: a file
 * that does not decode is refused, huge dimensions are refused before decoding, anything glued to the
 * picture (HTML, scripts) and all metadata (EXIF GPS positions, camera serials) are gone, and the label
 * is the format actually stored. PNG, JPEG, WebP and GIF, at most 2 MB sent and 2 MB stored.
 */
export async function checkImage(dataUrl: string | null | undefined, field: string): Promise<string | null> {
  if (dataUrl == null || dataUrl === '') return null;
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw invalid(field, `${field} must be a base64 data-URL of an image.`);
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw tooLarge(field);

  const options = { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' as const };
  let format: Format | undefined;
  let pages = 1;
  try {
    const meta = await sharp(bytes, options).metadata();
    format = ACCEPTED[meta.format ?? ''];
    pages = meta.pages ?? 1;
    if ((meta.width ?? 0) * (meta.height ?? 0) * Math.min(pages, MAX_FRAMES) > IMAGE_MAX_INPUT_PIXELS) {
      throw invalid(field, `${field} has too many pixels.`);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(field);
  }
  if (!format) throw invalid(field);

  const animated = (format === 'gif' || format === 'webp') && pages > 1;
  let out: Buffer;
  try {
    let image = sharp(bytes, { ...options, ...(animated ? { animated: true, pages: MAX_FRAMES } : {}) })
      // Turns the picture the way its EXIF orientation says, before the metadata is dropped.
      .rotate();
    if (!animated) {
      image = image.resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    }
    // sharp writes no metadata unless asked to keep it.
    out = await image.toFormat(format).toBuffer();
  } catch {
    throw invalid(field);
  }
  if (out.length > IMAGE_MAX_BYTES) throw tooLarge(field);
  return `data:image/${format};base64,${out.toString('base64')}`;
}
