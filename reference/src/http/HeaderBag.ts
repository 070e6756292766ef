export type HeaderValue = string | number | readonly string[];
export type HeaderInput = Readonly<Record<string, HeaderValue | undefined>>;

/**
 * Case-insensitive header map that remembers the spelling first used, so
 * responses are written with the casing the application chose.
 */
export class HeaderBag implements Iterable<[string, string | string[]]> {
  private readonly map = new Map<string, { name: string; values: string[] }>();

  constructor(input: HeaderInput = {}) {
    for (const [name, value] of Object.entries(input)) if (value !== undefined) this.set(name, value);
  }

  set(name: string, value: HeaderValue): this {
    const values = typeof value === 'object' ? [...value] : [String(value)];
    this.map.set(name.toLowerCase(), { name, values });
    return this;
  }

  append(name: string, value: string): this {
    const entry = this.map.get(name.toLowerCase());
    if (entry === undefined) return this.set(name, value);
    entry.values.push(value);
    return this;
  }

  /** All values joined with ", " (RFC 9110 list syntax). */
  get(name: string): string | undefined {
    return this.map.get(name.toLowerCase())?.values.join(', ');
  }

  getAll(name: string): string[] {
    return [...(this.map.get(name.toLowerCase())?.values ?? [])];
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  delete(name: string): this {
    this.map.delete(name.toLowerCase());
    return this;
  }

  /** Plain object for `ServerResponse.writeHead`; multi-valued headers stay arrays. */
  toObject(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of this) out[name] = value;
    return out;
  }

  *[Symbol.iterator](): Iterator<[string, string | string[]]> {
    for (const { name, values } of this.map.values()) {
      yield [name, values.length === 1 ? (values[0] as string) : [...values]];
    }
  }
}
