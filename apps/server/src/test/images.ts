/** Tiny real images for tests, as data-URLs. */
/** A 1x1 PNG in the form the server stores images (decoded and re-encoded): a round trip keeps it as it is. */
export const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAsSAAALEgHS3X78AAAADUlEQVQImWP4z8DwHwAFAAH/q842iQAAAABJRU5ErkJggg==';
/** A 1x1 GIF, likewise in the form the server stores it. */
export const GIF_1PX =
  'data:image/gif;base64,R0lGODlhAQABAIEAAExpcUxpcQAAAP///yH5BAUAAAAALAAAAAABAAEAAAICRAEAOw==';

/** A PNG header followed by `bytes` of padding: valid by signature, as large as asked. */
export function pngOfSize(bytes: number): string {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return `data:image/png;base64,${Buffer.concat([header, Buffer.alloc(bytes - header.length)]).toString('base64')}`;
}

/** The type and pixel size of a stored data-URL image, read back by decoding it. */
export async function decodedImage(dataUrl: string) {
  const { default: sharp } = await import('sharp');
  const [head = '', data = ''] = dataUrl.split(',');
  const meta = await sharp(Buffer.from(data, 'base64')).metadata();
  return { label: head, format: meta.format, width: meta.width, height: meta.height, exif: meta.exif };
}

/** A real PNG of random pixels, about `bytes` long (noise does not compress). */
export async function noisePng(bytes: number): Promise<string> {
  const { default: sharp } = await import('sharp');
  const side = Math.floor(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
