/*
 * How a text box looks, in a module of its own: pages that show a read-only box or a plain <select> take it
 * without the form kit (react-hook-form), which their first screen does not need.
 */
export const inputClasses =
  'block w-full rounded-xl border border-line bg-field px-3.5 py-2.5 text-base text-espresso shadow-xs ' +
  'placeholder:text-muted/70 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary/30 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger';
