import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The built web app (npm run build). */
export const WEB_DIST = join(import.meta.dirname, '../../apps/web/dist');

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist = WEB_DIST): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Bytes a browser downloads for a built file: the build's own .gz/.br copy when it wrote one. */
export function encodedSize(file: string, encoding: 'gzip' | 'br', dist = WEB_DIST): number {
  const copy = join(dist, `${file}.${encoding === 'gzip' ? 'gz' : 'br'}`);
  if (existsSync(copy)) return readFileSync(copy).length;
  const raw = readFileSync(join(dist, file));
  return encoding === 'gzip'
    ? gzipSync(raw, { level: 9 }).length
    : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  br: number;
}

/**
 * What index.html makes every visitor download before anything else: the files it names (the entry script,
 * every chunk it modulepreloads, its stylesheets), each as the server sends it (the build's compressed
 * copy). Lazy routes, dialogs and catalogues load afterwards, with what uses them.
 */
export function firstDownload(dist = WEB_DIST): { files: FileSize[]; gzip: number; br: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const named = [
    ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g),
  ].map((match) => match[1] as string);
  const files = [...new Set(named)]
    .map((file) => ({
      file,
      raw: readFileSync(join(dist, file)).length,
      gzip: encodedSize(file, 'gzip', dist),
      br: encodedSize(file, 'br', dist),
    }))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    br: files.reduce((sum, f) => sum + f.br, 0),
  };
}

/** The source modules bundled into a built file, from its source map (e.g. '.../node_modules/luxon/...'). */
export function sourcesOf(file: string, dist = WEB_DIST): string[] {
  const map = join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Every built file a script names for loading (a lazy import's preload list: its chunks and their
 * stylesheets), with the script that names it.
 */
export function filesNamedByScripts(dist = WEB_DIST): { script: string; file: string }[] {
  const scripts = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
  return scripts.flatMap((name) =>
    [...readFileSync(join(dist, 'assets', name), 'utf8').matchAll(/"(assets\/[\w.-]+\.(?:js|css))"/g)].map(
      (match) => ({ script: `assets/${name}`, file: match[1] as string }),
    ),
  );
}
