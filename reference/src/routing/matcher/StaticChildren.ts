/**
 * The literal-segment children of a tree node, looked up straight from the
 * path: no substring is allocated and no string hash computed. Buckets are
 * keyed by segment length and its first and last character codes; a hit is
 * confirmed character by character.
 */
export class StaticChildren<T> {
  private readonly buckets = new Map<number, Entry<T>>();
  private empty: T | undefined = undefined;

  get(path: string, start: number, end: number): T | undefined {
    const length = end - start;
    if (length === 0) return this.empty;
    let entry = this.buckets.get(bucketKey(length, path.charCodeAt(start), path.charCodeAt(end - 1)));
    while (entry !== undefined) {
      if (entry.text.length === length && sameText(path, start, entry.text)) return entry.value;
      entry = entry.next;
    }
    return undefined;
  }

  /** Exact text lookup, for building the tree. */
  find(text: string): T | undefined {
    return this.get(text, 0, text.length);
  }

  add(text: string, value: T): void {
    if (text.length === 0) {
      this.empty = value;
      return;
    }
    const key = bucketKey(text.length, text.charCodeAt(0), text.charCodeAt(text.length - 1));
    this.buckets.set(key, { text, value, next: this.buckets.get(key) });
  }
}

interface Entry<T> {
  readonly text: string;
  readonly value: T;
  readonly next: Entry<T> | undefined;
}

function bucketKey(length: number, first: number, last: number): number {
  return ((length & 0x3ff) << 20) ^ ((first & 0x3ff) << 10) ^ (last & 0x3ff);
}

function sameText(path: string, start: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (path.charCodeAt(start + i) !== text.charCodeAt(i)) return false;
  }
  return true;
}
