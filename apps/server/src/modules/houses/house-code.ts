import { randomInt } from 'node:crypto';
import { HOUSE_CODE_ALPHABET, HOUSE_CODE_LENGTH } from '@hearth/contract';

/** A random invite code: 10 characters from 31 gives about 49 bits, far beyond guessing. */
export function newHouseCode(): string {
  let code = '';
  for (let i = 0; i < HOUSE_CODE_LENGTH; i++)
    code += HOUSE_CODE_ALPHABET[randomInt(HOUSE_CODE_ALPHABET.length)];
  return code;
}

/** People type codes loosely: ignore case, spaces and dashes. */
export function normaliseHouseCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}
