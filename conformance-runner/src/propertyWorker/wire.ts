import type { MisplacedCount } from '../protocol/misplacedException';
import { hasV8Frame } from '../vendor-seams/errorStackParser';
import { AdapterError, RequestTimeoutError, UnsupportedError, type EarlyProperty, type WorldParameters } from '../protocol';
import { PropertyFailure } from '../properties/engine/PropertyFailure';
import type { Checked } from './checkProperty';

/*
 * What crosses between the property worker and the suite's thread. Structured cloning keeps an
 * error's message but not its class, and the suite tells a failed property from a timed-out or
 * errored one by the class (and name) of what the step throws: errors travel as their class's
 * name, message, stack and own fields, and come back as instances of the same class.
 */

export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type WireChecked =
  | { kind: 'result'; info: string; repro?: string; error?: WireError }
  | { kind: 'unsupported'; capability: string; message: string };

/** The classes a property's error can have (PropertyResult.error, or what checking threw). */
const CLASSES: ReadonlyMap<string, { prototype: Error }> = new Map<string, { prototype: Error }>([
  ['AdapterError', AdapterError],
  ['RequestTimeoutError', RequestTimeoutError],
  ['UnsupportedError', UnsupportedError],
  // PropertyFailure calls itself AssertionError, as an assertion library's error would.
  ['AssertionError', PropertyFailure],
]);

export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (key === 'name' || key === 'message' || key === 'stack') continue;
    try {
      fields[key] = structuredClone(value);
    } catch {
      fields[key] = String(value);
    }
  }
  return { name: err.name, message: err.message, ...(err.stack !== undefined ? { stack: err.stack } : {}), fields };
}

export function fromWireError(wire: WireError): Error {
  const err: Error = Object.create(CLASSES.get(wire.name)?.prototype ?? Error.prototype);
  Object.defineProperty(err, 'message', { value: wire.message, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(err, 'stack', { value: withFrames(wire.stack ?? `${wire.name}: ${wire.message}`), writable: true, configurable: true, enumerable: false });
  Object.assign(err, { name: wire.name }, wire.fields);
  return err;
}

/**
 * The stack of an error rebuilt here, with V8 frames: the worker's own, or else this thread's (a
 * thrown non-Error has none). Cucumber reads a failed step's stack with error-stack-parser, which
 * takes a stack without V8 frames for Firefox's and matches each of its lines with a regular
 * expression that backtracks for minutes on a few hundred characters of quotes and colons, as a
 * property's message has.
 */
function withFrames(stack: string): string {
  if (hasV8Frame(stack)) return stack;
  const here = new Error().stack ?? '';
  const frames = here.indexOf('\n');
  return frames < 0 ? stack : stack + here.slice(frames);
}

/** A property's result as text: its info and reproduction are attached as JSON anyway. */
export function toWireChecked(checked: Checked): WireChecked {
  if (checked.kind === 'unsupported') return checked;
  const { info, repro, error } = checked.result;
  return {
    kind: 'result',
    info: JSON.stringify(info),
    ...(repro !== undefined ? { repro: JSON.stringify(repro) } : {}),
    ...(error !== undefined ? { error: toWireError(error) } : {}),
  };
}

export function fromWireChecked(wire: WireChecked): Checked {
  if (wire.kind === 'unsupported') return wire;
  return {
    kind: 'result',
    result: {
      info: JSON.parse(wire.info),
      ...(wire.repro !== undefined ? { repro: JSON.parse(wire.repro) } : {}),
      ...(wire.error !== undefined ? { error: fromWireError(wire.error) } : {}),
    },
  };
}

/** What the suite's thread posts to the property worker, once: what to check, and against what. */
export interface Start {
  params: WorldParameters;
  early: readonly EarlyProperty[];
}

/** What the property worker posts to the suite's thread. */
export type ToSuite =
  | { type: 'durations'; ms: number[] }
  | { type: 'checked'; scenario: string; property: string; checked: WireChecked }
  | { type: 'threw'; scenario: string; property: string; error: WireError }
  /** `misplaced`: the worker's answers that carried X-Fw-Exception without being a 5xx (protocol/misplacedException.ts). */
  | { type: 'done'; misplaced?: MisplacedCount };

const ID_TAG = '@id:';

/** The scenario id among a pickle's tags (`@id:...`). */
export function scenarioIdOf(tags: readonly string[]): string | undefined {
  return tags.find((t) => t.startsWith(ID_TAG))?.slice(ID_TAG.length);
}

/** A property started in the worker, by scenario id and property name. */
export function propertyKey(scenario: string | undefined, property: string): string {
  return `${scenario ?? ''}\u0000${property}`;
}
