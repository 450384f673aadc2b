import { validationError } from './errors.js';

/** Trims a required text field and checks it is non-empty and not too long. */
export function requiredText(value: string, field: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed === '') throw validationError(field, `${field} must not be empty.`);
  if (trimmed.length > max) throw validationError(field, `${field} must be at most ${max} characters.`);
  return trimmed;
}

/** Trims an optional text field; blank becomes null, never an empty string. */
export function optionalText(value: string | null | undefined, field: string, max: number): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (trimmed.length > max) throw validationError(field, `${field} must be at most ${max} characters.`);
  return trimmed;
}
