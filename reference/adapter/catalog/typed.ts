import { FormRequest, Model, Request } from '../../src';
import { Calendar, Clock } from './services';

/** A probe's report of a value it received: protocol §4.1. */
export interface TypedValue {
  type: string;
  value: unknown;
}

/**
 * JavaScript has one number type, so an integral number declared `float` would otherwise be
 * reported as an int; `declared` says which of the two the action asked for.
 */
export function typed(value: unknown, declared?: 'int' | 'float'): TypedValue {
  if (value === null || value === undefined) return { type: 'null', value: null };
  if (typeof value === 'string') return { type: 'string', value };
  if (typeof value === 'boolean') return { type: 'bool', value };
  if (typeof value === 'number') {
    if (declared === 'float') return { type: 'float', value };
    return { type: Number.isInteger(value) ? 'int' : 'float', value };
  }
  if (value instanceof Request) return { type: 'Request', value: { method: value.method, path: value.path } };
  if (value instanceof Clock) return { type: 'Clock', value: value.name() };
  if (value instanceof Calendar) return { type: 'Calendar', value: { clock: typed(value.clock) } };
  if (value instanceof FormRequest) return { type: value.constructor.name, value: value.validated() };
  if (value instanceof Model) return { type: value.constructor.name, value: value.toJSON() };
  return { type: typeof value, value: String(value) };
}

/** The echo body of an action: every declared parameter, in declaration order. */
export function echo(action: string, params: Record<string, TypedValue>): { action: string; params: Record<string, TypedValue> } {
  return { action, params };
}
