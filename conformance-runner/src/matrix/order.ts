/**
 * Compares suite versions (`0.10.0` after `0.9.1`): numeric parts as numbers, anything else as
 * text, so that a pre-release tag still gives a stable order.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    if (x === y) continue;
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * The union of several orderings of rule ids, keeping the first ordering whole (the catalog of the
 * newest suite) and placing each id only the others have right after the id that precedes it
 * there: a rule added to a section stays in its section, next to its neighbours.
 */
export function mergeOrders(orders: ReadonlyArray<readonly string[]>): string[] {
  const merged: string[] = [];
  const placed = new Set<string>();
  for (const order of orders) {
    let after: string | null = null;
    for (const id of order) {
      if (!placed.has(id)) {
        const at: number = after === null ? 0 : merged.indexOf(after) + 1;
        merged.splice(at, 0, id);
        placed.add(id);
      }
      after = id;
    }
  }
  return merged;
}
