export type HeaderValue = string | number | readonly string[];
export type HeaderInput = Readonly<Record<string, HeaderValue | undefined>>;

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
  // A response carries a handful of headers: a list searched from the start costs less than a Map
  // with an entry object and a value array per header, and is close to the flat name/value list
  // node:http's writeHead takes. Three slots per header: lower-cased name, spelling, value (a list
  // only when there are several).
  private fields: Array<string | string[]> = NO_FIELDS;

  constructor(input?: HeaderInput) {
    // Most bags start empty: no object to build and walk for them.
    if (input !== undefined) this.setAll(input);
  }

  /** A bag holding `name: value` first, then everything in `input` (which may override it in place). */
  static withDefault(name: string, value: string, input?: HeaderInput): HeaderBag {
    const bag = new HeaderBag();
    bag.fields = [lower(name), name, value];
    if (input !== undefined) bag.setAll(input);
    return bag;
  }

  set(name: string, value: HeaderValue): this {
    const stored = typeof value === 'object' ? [...value] : String(value);
    const at = this.indexOf(name);
    if (at === -1) {
      if (this.fields === NO_FIELDS) this.fields = [lower(name), name, stored];
      else this.fields.push(lower(name), name, stored);
    } else {
      // Replaced in place: the header keeps its position, and takes this spelling.
      this.fields[at + 1] = name;
      this.fields[at + 2] = stored;
    }
    return this;
  }

  append(name: string, value: string): this {
    const at = this.indexOf(name);
    if (at === -1) return this.set(name, value);
    const current = this.fields[at + 2] as string | string[];
    if (typeof current === 'string') this.fields[at + 2] = [current, value];
    else current.push(value);
    return this;
  }

  /** All values joined with ", " (RFC 9110 list syntax). */
  get(name: string): string | undefined {
    const at = this.indexOf(name);
    if (at === -1) return undefined;
    const value = this.fields[at + 2] as string | string[];
    return typeof value === 'string' ? value : value.join(', ');
  }

  getAll(name: string): string[] {
    const at = this.indexOf(name);
    if (at === -1) return [];
    const value = this.fields[at + 2] as string | string[];
    return typeof value === 'string' ? [value] : [...value];
  }

  has(name: string): boolean {
    return this.indexOf(name) !== -1;
  }

  delete(name: string): this {
    const at = this.indexOf(name);
    if (at !== -1) this.fields.splice(at, 3);
    return this;
  }

  /** The headers as a plain object keyed by their spelling; multi-valued headers stay arrays (writeResponse uses toList). */
  toObject(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (let i = 0; i < this.fields.length; i += 3) out[this.fields[i + 1] as string] = single(this.fields[i + 2] as string | string[]);
    return out;
  }

  /**
   * `[name, value, name, value, …]`, the other form `ServerResponse.writeHead` takes (one array, no
   * property per name), ending with `extraName: extraValue` when given, which the bag does not hold.
   */
  toList(extraName?: string, extraValue?: string): Array<string | string[]> {
    const count = this.fields.length / 3;
    const out = new Array<string | string[]>(2 * count + (extraName === undefined ? 0 : 2));
    for (let i = 0; i < count; i++) {
      out[2 * i] = this.fields[3 * i + 1] as string;
      out[2 * i + 1] = single(this.fields[3 * i + 2] as string | string[]);
    }
    if (extraName !== undefined) {
      out[2 * count] = extraName;
      out[2 * count + 1] = extraValue as string;
    }
    return out;
  }

  *[Symbol.iterator](): Iterator<[string, string | string[]]> {
    for (let i = 0; i < this.fields.length; i += 3) yield [this.fields[i + 1] as string, single(this.fields[i + 2] as string | string[])];
  }

  /** Where the header `name` starts in `fields`, or -1. */
  private indexOf(name: string): number {
    if (this.fields.length === 0) return -1;
    // Asked for as it was spelled when set (the usual case): no lower-casing needed.
    for (let i = 1; i < this.fields.length; i += 3) if (this.fields[i] === name) return i - 1;
    const key = lower(name);
    for (let i = 0; i < this.fields.length; i += 3) if (this.fields[i] === key) return i;
    return -1;
  }

  private setAll(input: HeaderInput): void {
    for (const name in input) {
      if (!Object.prototype.hasOwnProperty.call(input, name)) continue;
      const value = input[name];
      if (value !== undefined) this.set(name, value);
    }
  }
}

// Shared by every bag until its first header (never written to): a literal sized to fit is
// smaller than an empty array's first push, which reserves room for 17 slots.
const NO_FIELDS: Array<string | string[]> = [];

/** What a caller sees of a stored value: the value itself when single, else a copy of the list. */
function single(value: string | string[]): string | string[] {
  if (typeof value === 'string') return value;
  return value.length === 1 ? (value[0] as string) : [...value];
}
