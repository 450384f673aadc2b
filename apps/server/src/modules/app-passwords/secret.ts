import { randomInt } from 'node:crypto';
import { credentialHash } from '../../lib/credentials.js';

/** Letters and digits that cannot be mistaken for each other when typed from one screen into another. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 7;

/**
 * A new app password: 28 symbols of a 32-symbol alphabet (140 random bits), in four dash-separated groups
 * so a person can type it on a phone.
 */
export function newAppPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** What is stored and looked up: the hash of the password as given. */
export const appPasswordHash = (password: string): string => credentialHash(password);
