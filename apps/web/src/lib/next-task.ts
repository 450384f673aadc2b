/** Resolves in a task of its own: work split across it lets the browser paint and answer input between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
