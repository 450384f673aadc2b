import { ErrorCode, IMAGE_MAX_BYTES } from '@hearth/contract';
import { AppError } from './errors.js';

const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * Checks a data-URL image by its bytes (PNG, JPEG, WebP or GIF, at most 2 MB decoded) and
 * returns it re-labelled with the type its bytes show, so a lying label is never stored.
 */
export function checkImage(dataUrl: string | null | undefined, field: string): string | null {
  if (dataUrl == null || dataUrl === '') return null;
  const match = DATA_URL.exec(dataUrl);
  if (!match) {
    throw new AppError(400, ErrorCode.imageInvalid, `${field} must be a base64 data-URL of an image.`, field);
  }
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) {
    throw new AppError(413, ErrorCode.imageTooLarge, `${field} must be at most 2 MB.`, field);
  }
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) {
    throw new AppError(
      400,
      ErrorCode.imageInvalid,
      `${field} must be a PNG, JPEG, WebP or GIF image.`,
      field,
    );
  }
  return `data:${kind.type};base64,${bytes.toString('base64')}`;
}
