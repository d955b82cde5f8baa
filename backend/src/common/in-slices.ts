import { setImmediate } from 'node:timers/promises';

/**
 * Calls `each` for every item, `size` at a time with the event loop free between slices (the first
 * slice at once), so a long list of events never holds the requests being served back for long.
 */
export async function forEachInSlices<T>(
  items: readonly T[],
  size: number,
  each: (item: T) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await setImmediate();
    for (const item of items.slice(start, start + size)) each(item);
  }
}
