/**
 * The literal-segment children of a tree node, looked up straight from the
 * path: no substring is allocated. A few children (the usual case) are
 * scanned, comparing lengths first; past SCAN_LIMIT they are hashed on their
 * length and four of their characters. A hit is always confirmed character by
 * character.
 */
export class StaticChildren<T> {
  private readonly texts: string[] = [];
  private readonly values: T[] = [];
  /** Chains by hash, in a power-of-two table (an array index is cheaper than a Map lookup). */
  private buckets: Array<Entry<T> | undefined> | null = null;
  private empty: T | undefined = undefined;

  get(path: string, start: number, end: number): T | undefined {
    const length = end - start;
    if (length === 0) return this.empty;
    const buckets = this.buckets;
    if (buckets === null) {
      const texts = this.texts;
      for (let i = 0; i < texts.length; i++) {
        const text = texts[i] as string;
        if (text.length === length && sameText(path, start, text)) return this.values[i];
      }
      return undefined;
    }
    let entry = buckets[hashOf(path, start, end) & (buckets.length - 1)];
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
    this.texts.push(text);
    this.values.push(value);
    const count = this.texts.length;
    if (count <= SCAN_LIMIT) return;
    if (this.buckets === null || count > this.buckets.length) {
      // Rebuild at twice the size: chains stay short, and rebuilding is registration-time work.
      let size = 16;
      while (size < count * 2) size *= 2;
      this.buckets = new Array<Entry<T> | undefined>(size).fill(undefined);
      this.texts.forEach((t, i) => this.insert(t, this.values[i] as T));
    } else {
      this.insert(text, value);
    }
  }

  private insert(text: string, value: T): void {
    const buckets = this.buckets as Array<Entry<T> | undefined>;
    const index = hashOf(text, 0, text.length) & (buckets.length - 1);
    buckets[index] = { text, value, next: buckets[index] };
  }
}

const SCAN_LIMIT = 8;

interface Entry<T> {
  readonly text: string;
  readonly value: T;
  readonly next: Entry<T> | undefined;
}

/**
 * A cheap key from the length and the first, middle and last code units of
 * text[start, end): constant time per segment, and names that differ only
 * inside (`res12`, `res47`) still mostly land apart.
 */
function hashOf(text: string, start: number, end: number): number {
  const length = end - start;
  return (
    ((length & 0x7f) << 21) ^
    ((text.charCodeAt(start) & 0x7f) << 14) ^
    ((text.charCodeAt(start + (length >> 1)) & 0x7f) << 7) ^
    (text.charCodeAt(end - 1) & 0x7f) ^
    // Never read outside the segment: a path has "/" before it, a bare text nothing.
    (length > 1 ? (text.charCodeAt(end - 2) & 0x7f) << 10 : 0)
  );
}

function sameText(path: string, start: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (path.charCodeAt(start + i) !== text.charCodeAt(i)) return false;
  }
  return true;
}
