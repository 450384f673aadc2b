import { IMAGE_MAX_BYTES } from '@hearth/contract';
import { t } from './i18n';

/** Photos are shown small (avatars, house picture): 512 px on the long side is plenty. */
export const IMAGE_MAX_SIDE = 512;

export class ImageResizeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageResizeError';
  }
}

/** The size that fits within `max` on both sides, keeping the aspect ratio; never enlarges. */
export function fitWithin(
  width: number,
  height: number,
  max = IMAGE_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Bytes a base64 data-URL decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

async function decode(file: File): Promise<{ source: CanvasImageSource; width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Shrinks a photo in the browser before upload: at most 512 px a side, WebP (JPEG where the
 * browser cannot write WebP), under the API's 2 MB limit.
 */
export async function shrinkImage(file: File): Promise<string> {
  let decoded: Awaited<ReturnType<typeof decode>>;
  try {
    decoded = await decode(file);
  } catch {
    throw new ImageResizeError(t('common:image.notAnImage'));
  }
  const { width, height } = fitWithin(decoded.width, decoded.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageResizeError(t('common:image.cannotPrepare'));
  context.drawImage(decoded.source, 0, 0, width, height);
  if ('close' in decoded.source) decoded.source.close();

  for (const quality of [0.85, 0.7, 0.5]) {
    let url = canvas.toDataURL('image/webp', quality);
    // Browsers that cannot encode WebP fall back to PNG; JPEG is much smaller for photos.
    if (!url.startsWith('data:image/webp')) url = canvas.toDataURL('image/jpeg', quality);
    if (dataUrlBytes(url) <= IMAGE_MAX_BYTES) return url;
  }
  throw new ImageResizeError(t('common:image.tooLarge'));
}
