/**
 * An ISO-8601 date and time WITH its offset (or Z): an instant. A bare local time would mean a different
 * moment on every server, so it is refused.
 */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;
