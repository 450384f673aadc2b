/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only on secure origins; a house server reached over
 * plain http on the home network still gets 122 random bits from getRandomValues.
 */
export function newWriteKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let lastTemporary = 0;
/**
 * A temporary id for something shown before the server has saved it: negative (real ids are positive)
 * and unique across reloads, because writes that name it may wait in the offline queue past a reload.
 */
export function temporaryId(): number {
  const next = -Date.now() * 1000;
  lastTemporary = next < lastTemporary ? next : lastTemporary - 1;
  return lastTemporary;
}
