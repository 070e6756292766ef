import type { Finding } from '../../model/finding';
import type { Judgement, Out } from './index';

/** Parameters and closure arguments received with a wrong value: whose mechanism the value shows broken. */

const PARAM_CASTS: Record<string, string> = { int: 'injection.cast-int', float: 'injection.cast-float', bool: 'injection.cast-bool' };

interface Typed {
  type: string;
  value: unknown;
}

export function isTyped(v: unknown): v is Typed {
  return v !== null && typeof v === 'object' && 'type' in v && 'value' in v;
}

/**
 * A parameter the right action received with the wrong value. What the value is says whose
 * mechanism broke: the URI text where a number was declared is the cast's; nothing, or something
 * that is no route value at all, is route-parameter injection's; another parameter's value is
 * extraction by name's.
 */
export function judgeParam(f: Finding, out: Out): Judgement {
  const pairs: Array<[unknown, unknown]> = [];
  if (isTyped(f.expected)) pairs.push([f.expected, f.actual]);
  else if (f.expected !== null && typeof f.expected === 'object') {
    const exp = f.expected as Record<string, unknown>;
    const act = (f.actual ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(exp)) pairs.push([v, act[k]]);
    // Values that all arrived, under other names: extraction by position, not by name.
    const expVals = Object.values(exp).map((v) => JSON.stringify(v)).sort();
    const actVals = Object.values(act).map((v) => JSON.stringify(v)).sort();
    const names = (o: Record<string, unknown>) => Object.keys(o).sort().join(',');
    if (names(exp) === names(act) && JSON.stringify(expVals) === JSON.stringify(actVals) && Object.keys(exp).some((k) => JSON.stringify(exp[k]) !== JSON.stringify(act[k]))) {
      return out(['dispatch.extract-by-name']);
    }
  }
  const needs = new Set<string>();
  for (const [e, a] of pairs) {
    if (!isTyped(e)) continue;
    if (a === undefined || !isTyped(a)) needs.add('injection.route-param');
    // The right type name with its number written as a string: the JSON the value went out in.
    else if (a.type === e.type && quotedNumbers(e.value, a.value)) needs.add('conversion.array');
    else if (a.type === 'string' && PARAM_CASTS[e.type] !== undefined && typeof e.value !== 'object') needs.add(PARAM_CASTS[e.type]!);
    else if (isScalarType(e.type) && !isScalarType(a.type)) needs.add('injection.route-param');
  }
  return out(needs);
}

export function isScalarType(t: string): boolean {
  return ['string', 'int', 'float', 'bool', 'null'].includes(t);
}

export function closureFoundation(f: Finding): string[] {
  if (!Array.isArray(f.expected) || !Array.isArray(f.actual)) return ['registration.closure-positional'];
  const exp = f.expected as unknown[];
  const act = f.actual as unknown[];
  if (exp.length !== act.length || act.some((a) => !isTyped(a) || !isScalarType(a.type))) return ['registration.closure-positional'];
  // Same values, other types: what closures receive is the URI text, uncast.
  const text = (v: unknown) => (isTyped(v) ? String(v.value) : '');
  if (exp.every((e, i) => text(e) === text(act[i]))) return ['registration.closure-strings'];
  return ['registration.closure-positional'];
}

/** The value is the expected one except that numbers inside it came back as strings. */
function quotedNumbers(expected: unknown, actual: unknown): boolean {
  let quoted = 0;
  const same = (e: unknown, a: unknown): boolean => {
    if (typeof e === 'number' && typeof a === 'string' && a === String(e)) return ++quoted > 0;
    if (e !== null && a !== null && typeof e !== 'object' && typeof a !== 'object') return e === a;
    if (typeof e !== 'object' || e === null || typeof a !== 'object' || a === null) return e === a;
    if (Array.isArray(e) !== Array.isArray(a)) return false;
    const keys = Object.keys(e);
    if (keys.length !== Object.keys(a).length) return false;
    return keys.every((k) => Object.prototype.hasOwnProperty.call(a, k) && same((e as Record<string, unknown>)[k], (a as Record<string, unknown>)[k]));
  };
  return same(expected, actual) && quoted > 0;
}
