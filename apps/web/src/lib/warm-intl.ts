/**
 * The first Intl object of each kind loads its locale's data: on a phone some 10 ms apiece, spent inside
 * the render that first showed a date, an amount or a count, which made that render a long task. Built
 * here one at a time, each in a task of its own right after start-up (while the page waits for its data),
 * the ones the pages build later cost a fraction of that. Plain Intl: this runs with the first screen,
 * which must not bring the date library.
 */
export function warmIntl(locale: string): void {
  const steps = [
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(0),
    () => new Intl.PluralRules(locale).select(1),
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
