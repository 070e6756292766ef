import type { DataTable } from '@cucumber/cucumber';
import { AdapterError, type EchoBody, type TypedValue } from '../../conformance-runner/src/forSteps';
import { describeResponse, jsonBody, parseFeatureJson } from './expect';
import { answered, failWith } from './finding';
import type { FwWorld } from './world';

/**
 * Echo bodies of the probe catalog (protocol §4.1). A response that is not a 2xx JSON body is
 * the framework's doing (wrong route, wrong conversion) and fails the scenario; a JSON body that
 * breaks the echo schema is the adapter's port of the catalog and is reported as an adapter error.
 */
export function echoOf(world: FwWorld): EchoBody {
  const { request, response } = world.last;
  const json = jsonBody(response);
  const parsed = json.ok ? json.value : undefined;
  if (response.status < 200 || response.status > 299 || parsed === undefined) {
    failWith('action', answered(request, response), `${request}: expected an echo body from a probe, got ${describeResponse(response)}`, { body: response.body.slice(0, 200) });
  }
  try {
    return world.client.checkEcho<EchoBody>(parsed, request);
  } catch (err) {
    // An echo of the right shape whose values lost their JSON types (ints as strings, say) went
    // through the framework's conversion to JSON; a type name outside §4.1 is what the framework
    // passed (the adapters name what they received: get_debug_type). Both are the framework's
    // doing: the comparisons that follow say what differs, and the finding says whose it is.
    if (err instanceof AdapterError && echoShaped(parsed)) return parsed as EchoBody;
    throw err;
  }
}

function echoShaped(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  const typedValues = (v: unknown) => v !== null && typeof v === 'object' && Object.values(v).every((x) => x !== null && typeof x === 'object' && 'type' in x && 'value' in x);
  if (typeof b.action === 'string') return typedValues(b.params);
  return typeof b.closure === 'string' && Array.isArray(b.args) && typedValues(b.args);
}

export function actionEcho(world: FwWorld): { action: string; params: Record<string, TypedValue>; ctor?: Record<string, TypedValue> } {
  const echo = echoOf(world);
  if (!('action' in echo)) failWith('action', answered(world.last.request, world.last.response), `${world.last.request}: expected the echo of a controller action, got the echo of a closure: ${JSON.stringify(echo)}`);
  return echo;
}

export function closureEcho(world: FwWorld): TypedValue[] {
  const echo = echoOf(world);
  if (!('closure' in echo)) failWith('action', answered(world.last.request, world.last.response), `${world.last.request}: expected the echo of the closure, got the echo of ${echo.action}: ${JSON.stringify(echo)}`);
  return echo.args;
}

const SCALARS = ['string', 'int', 'float', 'bool', 'null'];

/** A typed value written in a feature: type name plus a JSON value ("int", "7"). */
export function typedValue(type: string, valueJson: string): TypedValue {
  const value = parseFeatureJson(valueJson, `the ${type} value`);
  if (!SCALARS.includes(type) && !['Request', 'Clock', 'Calendar', 'StoreItemRequest', 'Item'].includes(type)) {
    throw new Error(`unknown typed-value type "${type}" (protocol §4.1)`);
  }
  return { type: type as TypedValue['type'], value };
}

/** Table `| name | type | value |` (value as JSON) → ordered typed values by name. */
export function paramsTable(table: DataTable): [string, TypedValue][] {
  const rows = table.raw();
  const header = rows[0]?.map((c) => c.trim());
  if (JSON.stringify(header) !== JSON.stringify(['name', 'type', 'value'])) {
    throw new Error('the parameter table needs the header | name | type | value |');
  }
  return rows.slice(1).map(([name, type, value]) => [name!, typedValue(type!, value!)]);
}

/** Table `| type | value |` → typed values in order. */
export function argsTable(table: DataTable): TypedValue[] {
  const rows = table.raw();
  const header = rows[0]?.map((c) => c.trim());
  if (JSON.stringify(header) !== JSON.stringify(['type', 'value'])) throw new Error('the argument table needs the header | type | value |');
  return rows.slice(1).map(([type, value]) => typedValue(type!, value!));
}

/** Same value and same JSON type: 7 and 7.0 are both numbers, so the `type` field decides. */
export function sameTyped(actual: TypedValue | undefined, expected: TypedValue): boolean {
  if (!actual || actual.type !== expected.type) return false;
  return JSON.stringify(actual.value) === JSON.stringify(expected.value) || deepEqualUnordered(actual.value, expected.value);
}

/**
 * The same data, as a model or a FormRequest may hold it: every expected field with an equal value,
 * where a number and its decimal text are equal (a model may cast qty to an integer), and every
 * other field absent or null (a model may declare its fields). How the data is held is not shown
 * by the spec; the exact forms are the reference's (injection.data-as-sent, decision 57).
 */
export function sameFields(actual: TypedValue | undefined, expected: TypedValue): boolean {
  if (!actual || actual.type !== expected.type) return false;
  const a = actual.value;
  const b = expected.value;
  if (!isRecord(a) || !isRecord(b)) return false;
  const same = (x: unknown, y: unknown) => deepEqualUnordered(x, y) || numeric(x) === numeric(y) && numeric(x) !== undefined;
  return Object.keys(b).every((k) => Object.prototype.hasOwnProperty.call(a, k) && same(a[k], b[k])) &&
    Object.keys(a).every((k) => Object.prototype.hasOwnProperty.call(b, k) || a[k] === null);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A finite number, or the canonical decimal text of one ("2", "-3", "1.5"), as a number. */
function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string' || !/^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/.test(v)) return undefined;
  return Number(v);
}

function deepEqualUnordered(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqualUnordered((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
