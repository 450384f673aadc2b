import { createHash } from 'node:crypto';

/** The Content-Security-Policy source that allows exactly this inline script: 'sha256-…'. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}
