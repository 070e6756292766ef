export type HeaderValue = string | number | readonly string[];
export type HeaderInput = Readonly<Record<string, HeaderValue | undefined>>;

interface Entry {
  name: string;
  values: string[];
}

// Responses use a handful of header names over and over: lower-case each spelling once.
const lowerNames = new Map<string, string>();
const MAX_CACHED_NAMES = 1024;

function lower(name: string): string {
  let key = lowerNames.get(name);
  if (key === undefined) {
    key = name.toLowerCase();
    if (lowerNames.size < MAX_CACHED_NAMES) lowerNames.set(name, key);
  }
  return key;
}

/**
 * Case-insensitive header map that remembers the spelling first used, so
 * responses are written with the casing the application chose.
 */
export class HeaderBag implements Iterable<[string, string | string[]]> {
  private readonly map = new Map<string, Entry>();

  constructor(input?: HeaderInput) {
    // Most bags start empty: no object to build and walk for them.
    if (input !== undefined) this.setAll(input);
  }

  /** A bag holding `name: value` first, then everything in `input` (which may override it in place). */
  static withDefault(name: string, value: string, input?: HeaderInput): HeaderBag {
    const bag = new HeaderBag();
    bag.map.set(lower(name), { name, values: [value] });
    if (input !== undefined) bag.setAll(input);
    return bag;
  }

  set(name: string, value: HeaderValue): this {
    const values = typeof value === 'object' ? [...value] : [String(value)];
    this.map.set(lower(name), { name, values });
    return this;
  }

  append(name: string, value: string): this {
    const entry = this.map.get(lower(name));
    if (entry === undefined) return this.set(name, value);
    entry.values.push(value);
    return this;
  }

  /** All values joined with ", " (RFC 9110 list syntax). */
  get(name: string): string | undefined {
    return this.map.get(lower(name))?.values.join(', ');
  }

  getAll(name: string): string[] {
    return [...(this.map.get(lower(name))?.values ?? [])];
  }

  has(name: string): boolean {
    return this.map.has(lower(name));
  }

  delete(name: string): this {
    this.map.delete(lower(name));
    return this;
  }

  /** Plain object for `ServerResponse.writeHead`; multi-valued headers stay arrays. */
  toObject(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const { name, values } of this.map.values()) out[name] = values.length === 1 ? (values[0] as string) : [...values];
    return out;
  }

  *[Symbol.iterator](): Iterator<[string, string | string[]]> {
    for (const { name, values } of this.map.values()) {
      yield [name, values.length === 1 ? (values[0] as string) : [...values]];
    }
  }

  private setAll(input: HeaderInput): void {
    for (const name in input) {
      if (!Object.prototype.hasOwnProperty.call(input, name)) continue;
      const value = input[name];
      if (value !== undefined) this.set(name, value);
    }
  }
}
