/**
 * The difference between what an assertion expected and what it observed, named by the one
 * transformation that turns the first into the second ("lower-cased", "bool-as-int", ...): the
 * symptom that makes many failures read as one fault (docs/reports.md, "One fault, one rule").
 *
 * It reads the two values only — never which scenario or rule they came from — so the same
 * broken mechanism gives the same name wherever it shows, and two mechanisms broken differently
 * give different names. A difference no single transformation explains has no name (undefined):
 * it is never taken for the same fault as anything else.
 */
export type Difference =
  | 'missing'           // nothing where a value was expected
  | 'lower-cased'       // the text, lower-cased
  | 'upper-cased'
  | 'whitespace'        // the text with other surrounding whitespace
  | 'trailing-slash'    // the text with a "/" more or less at its end
  | 'percent-decoded'   // the text with its %XX escapes decoded
  | 'percent-encoded'   // the text percent-encoded once more
  | 'plus-for-space'    // spaces written "+" (form encoding) where %20 was expected, or the reverse
  | 'html-escaped'      // the text HTML-escaped (once more)
  | 'html-unescaped'    // an escaped text unescaped
  | 'truncated'         // a beginning of the text
  | 'bool-as-int'       // true/false written 1/0 (or "1"/"0"/"")
  | 'bool-as-string'    // true/false written as the strings "true"/"false"
  | 'number-as-string'  // a number written as its text
  | 'string-as-number'  // a numeric text written as a number
  | 'null-dropped'      // a member whose value is null left out
  | 'list-as-map'       // an empty list written {} (or a list written as a map of indexes)
  | 'map-as-list'
  | 'reordered'         // the same members in another order
  | 'object-for-scalar' // an object (a context, a request) where a plain value was expected
  | `became:${string}`  // a typed value of another class where one was expected (a context where a Clock was declared)
  | 'empty-as-nothing'  // an empty list or map where an empty body came
  | `uncast:${string}`; // the right text with another scalar type than the one declared (uncast:int: an int's text as a string)

/** The transformation that explains `actual` from `expected`, or undefined when none does (or they are equal). */
export function differenceOf(expected: unknown, actual: unknown): Difference | undefined {
  if (same(expected, actual)) return undefined;
  const leaves: Array<Difference | undefined> = [];
  walk(expected, actual, leaves);
  const names = new Set(leaves);
  // One name for every differing place: that transformation, applied throughout.
  return names.size === 1 ? leaves[0] : undefined;
}

/** Collects the name of each differing place, descending into members that do not differ as a whole. */
function walk(expected: unknown, actual: unknown, out: Array<Difference | undefined>): void {
  if (same(expected, actual)) return;
  const whole = atomic(expected, actual);
  if (whole !== undefined) {
    out.push(whole);
    return;
  }
  if (isTyped(expected) && isTyped(actual)) {
    if (expected.type === actual.type) walk(expected.value, actual.value, out);
    else out.push(typedDifference(expected, actual));
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) {
      out.push(expected.length > actual.length && actual.every((a, i) => same(a, expected[i])) ? 'truncated' : undefined);
      return;
    }
    expected.forEach((e, i) => walk(e, actual[i], out));
    return;
  }
  if (isMap(expected) && isMap(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) {
      const has = Object.prototype.hasOwnProperty.call(actual, k);
      if (!has && expected[k] === null) out.push('null-dropped');
      else if (!has) out.push('missing');
      else if (!Object.prototype.hasOwnProperty.call(expected, k)) out.push(undefined);
      else walk(expected[k], actual[k], out);
    }
    return;
  }
  out.push(undefined);
}

/** The name of a difference between two values taken whole, or undefined to look inside them. */
function atomic(e: unknown, a: unknown): Difference | undefined {
  if (a === undefined) return e === null ? 'null-dropped' : 'missing';
  if (typeof e === 'boolean' && (a === (e ? 1 : 0) || a === (e ? '1' : '0') || (!e && a === ''))) return 'bool-as-int';
  if (typeof e === 'boolean' && a === String(e)) return 'bool-as-string';
  if (typeof e === 'number' && typeof a === 'string' && a === String(e)) return 'number-as-string';
  if (typeof e === 'string' && typeof a === 'number' && String(a) === e) return 'string-as-number';
  if (Array.isArray(e) && e.length === 0 && isMap(a) && Object.keys(a).length === 0) return 'list-as-map';
  if (isMap(e) && Object.keys(e).length === 0 && Array.isArray(a) && a.length === 0) return 'map-as-list';
  if (Array.isArray(e) && isMap(a) && Object.keys(a).length === e.length && e.every((v, i) => same(v, a[String(i)]))) return 'list-as-map';
  if (Array.isArray(e) && Array.isArray(a) && e.length === a.length && e.length > 1 && sameMultiset(e, a)) return 'reordered';
  if (isScalar(e) && !isTyped(a) && a !== null && typeof a === 'object') return 'object-for-scalar';
  if ((Array.isArray(e) && e.length === 0 || isMap(e) && Object.keys(e).length === 0) && a === '') return 'empty-as-nothing';
  if (typeof e === 'string' && typeof a === 'string') return textDifference(e, a);
  if (isScalar(e) || isScalar(a)) return undefined;
  return undefined;
}

function textDifference(e: string, a: string): Difference | undefined {
  if (a === e.toLowerCase()) return 'lower-cased';
  if (a === e.toUpperCase()) return 'upper-cased';
  if (a.trim() === e.trim()) return 'whitespace';
  if (a === `${e}/` || e === `${a}/` || a.replace(/\/+$/, '') === e.replace(/\/+$/, '')) return 'trailing-slash';
  if (e.includes(' ') && a === e.replace(/ /g, '+')) return 'plus-for-space';
  if (e.includes('%20') && a === e.replace(/%20/g, '+')) return 'plus-for-space';
  if (tryDecode(e) === a && a !== e) return 'percent-decoded';
  if (tryDecode(a) === e && a !== e) return 'percent-encoded';
  if (escapeHtml(e) === a || (e.includes('&') && e.replace(/&/g, '&amp;') === a)) return 'html-escaped';
  if (unescapeHtml(e) === a) return 'html-unescaped';
  if (a.length > 0 && a.length < e.length && e.startsWith(a)) return 'truncated';
  return undefined;
}

function typedDifference(e: Typed, a: Typed): Difference | undefined {
  // What arrived is named, whatever was declared: one object handed for every parameter reads as one fault.
  if (!isScalarType(a.type) && a.type !== e.type) return `became:${a.type}`;
  if (e.type === 'bool' && (a.type === 'int' || a.type === 'string') && atomic(e.value, a.value) === 'bool-as-int') return 'bool-as-int';
  if (isScalarType(e.type) && isScalarType(a.type) && String(e.value) === String(a.value)) return `uncast:${e.type}`;
  return undefined;
}

interface Typed { type: string; value: unknown }

function isTyped(v: unknown): v is Typed {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { type?: unknown }).type === 'string' && 'value' in v && Object.keys(v).length === 2;
}

function isScalarType(t: string): boolean {
  return ['string', 'int', 'float', 'bool', 'null'].includes(t);
}

function isScalar(v: unknown): boolean {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function sameMultiset(a: unknown[], b: unknown[]): boolean {
  const key = (v: unknown) => JSON.stringify(v);
  const count = new Map<string, number>();
  for (const v of a) count.set(key(v), (count.get(key(v)) ?? 0) + 1);
  for (const v of b) {
    const n = count.get(key(v)) ?? 0;
    if (n === 0) return false;
    count.set(key(v), n - 1);
  }
  return !same(a, b);
}

function tryDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML[c]!);
}

function unescapeHtml(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#0?39|#x27);/g, (m) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#039;': "'", '&#39;': "'", '&#x27;': "'" })[m] ?? m);
}
