import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PNG_1PX } from '../test/images.js';
import { AppError } from './errors.js';
import { checkImage, IMAGE_MAX_SIDE } from './images.js';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const bytesOf = (url: string) => Buffer.from(url.split(',')[1] ?? '', 'base64');

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG that claims width x height grey pixels, its rows all zero: tiny compressed, huge decoded. */
function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // Only the first rows: enough to look real, the decoder would have to expand the rest.
  const rows = deflateSync(Buffer.alloc((width + 1) * 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('the image was accepted');
}

describe('checkImage (decode, limit, re-encode)', () => {
  it('refuses a decompression bomb (20000 x 20000 PNG) before decoding it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(400_000);
    const err = await refusal(checkImage(dataUrl('image/png', bomb), 'profile_img'));
    expect(err).toMatchObject({ statusCode: 400, code: 'image_invalid', field: 'profile_img' });
  });

  it('drops whatever is glued after the picture (PNG + HTML polyglot)', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const polyglot = Buffer.concat([bytesOf(PNG_1PX), html]);
    const stored = await checkImage(dataUrl('image/png', polyglot), 'house_img');
    expect(stored).toMatch(/^data:image\/png;base64,/);
    expect(bytesOf(stored ?? '').includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(bytesOf(stored ?? '')).metadata()).width).toBe(1);
  });

  it('strips EXIF, GPS positions included, from a photo (and keeps it a JPEG)', async () => {
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#a06030' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Spycam', Software: 'hearth-test' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('Spycam'))).toBe(true);
    const stored = await checkImage(dataUrl('image/jpeg', photo), 'profile_img');
    const bytes = bytesOf(stored ?? '');
    const meta = await sharp(bytes).metadata();
    expect(stored).toMatch(/^data:image\/jpeg;base64,/);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Spycam'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([32, 24]);
  });

  it('refuses bytes that only look like an image (right signature, no picture)', async () => {
    const fake = Buffer.concat([bytesOf(PNG_1PX).subarray(0, 8), Buffer.alloc(200)]);
    const err = await refusal(checkImage(dataUrl('image/png', fake), 'profile_img'));
    expect(err).toMatchObject({ statusCode: 400, code: 'image_invalid', field: 'profile_img' });
  });

  it('refuses formats other than PNG, JPEG, WebP and GIF even when they decode (SVG)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>1</script></svg>',
    );
    const err = await refusal(checkImage(dataUrl('image/svg+xml', svg), 'house_img'));
    expect(err).toMatchObject({ code: 'image_invalid', field: 'house_img' });
  });

  it('scales a very large picture down to fit housemates’ screens', async () => {
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const stored = await checkImage(dataUrl('image/png', big), 'house_img');
    const meta = await sharp(bytesOf(stored ?? '')).metadata();
    expect([meta.width, meta.height]).toEqual([IMAGE_MAX_SIDE, IMAGE_MAX_SIDE / 4]);
  });
});
