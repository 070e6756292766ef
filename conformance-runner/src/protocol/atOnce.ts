/**
 * The most requests the runner sends a target at once for one purpose (the suite's scenarios, a
 * property's cases, the adapter check), whatever its info.concurrency declares: past that, a small
 * machine gains nothing, and a declared 1024 must not open 1024 connections.
 */
export const MOST_AT_ONCE = 8;

/**
 * Calls `fn` on every item, at most `width` calls at a time (a target's declared concurrency,
 * info.concurrency), each of the `width` slots taking the next item when its call ends. The
 * results come back in the items' order, whatever order the calls end in, so that what is made of
 * them (a check's evidence, a memo) is the same as one call after another would give.
 */
export async function atOnce<T, R>(items: readonly T[], width: number, fn: (item: T, slot: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const slots = Math.max(1, Math.min(Math.floor(width), items.length));
  await Promise.all(Array.from({ length: slots }, async (_, slot) => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!, slot);
  }));
  return results;
}
