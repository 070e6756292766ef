import { Then, type DataTable } from '@cucumber/cucumber';
import type { TypedValue } from '../conformance-runner/src/forSteps';
import { actionEcho, argsTable, closureEcho, paramsTable, sameFields, sameTyped, typedValue } from './support/echo';
import { fail, parseFeatureJson, show } from './support/expect';
import { answered, failWith } from './support/finding';
import type { FwWorld } from './support/world';

/** What the probes received: typed values, compared by type and value. */

function expectAction(world: FwWorld, action: string) {
  const echo = actionEcho(world);
  if (echo.action !== action) failWith('action', { ...answered(world.last.request, world.last.response), action }, `${world.last.request}: expected ${action} to run, got ${echo.action}`, echo.action, action);
  return echo;
}

function expectParam(world: FwWorld, name: string, expected: TypedValue): void {
  const echo = actionEcho(world);
  const actual = echo.params[name];
  if (!sameTyped(actual, expected)) {
    failWith('param', { ...answered(world.last.request, world.last.response), action: echo.action, name },
      `${world.last.request}: expected ${echo.action}'s parameter $${name} to be ${show(expected)}, got ${show(actual)}`, actual, expected);
  }
}

Then('the action {string} ran', function (this: FwWorld, action: string) {
  expectAction(this, action);
});

/**
 * A framework may refuse a capturing group inside a constraint (FastRoute does, with a 500 at
 * dispatch: params.capture-groups is the reference's choice); one that serves the route must still
 * give each parameter its own value.
 */
Then('unless the framework refuses the constraint, the action {string} received:', function (this: FwWorld, action: string, table: DataTable) {
  // Refused at registration (the request step recorded it) or at dispatch (a 5xx before any handler).
  if (this.refusedConstraint !== undefined) return;
  const { response } = this.last;
  if (response.status >= 500 && !response.trace.some((t) => t.startsWith('action:') || t.startsWith('closure:'))) return;
  expectReceived(this, action, table);
});

Then('the action {string} received:', function (this: FwWorld, action: string, table: DataTable) {
  expectReceived(this, action, table);
});

function expectReceived(world: FwWorld, action: string, table: DataTable): void {
  const echo = expectAction(world, action);
  const expected = paramsTable(table);
  const actual = Object.entries(echo.params);
  const same = actual.length === expected.length &&
    expected.every(([name, value], i) => actual[i]![0] === name && sameTyped(actual[i]![1], value));
  if (!same) {
    failWith('param', { ...answered(world.last.request, world.last.response), action },
      `${world.last.request}: expected ${action} to receive, in declaration order, ${show(Object.fromEntries(expected))}; got ${show(echo.params)}`,
      echo.params, Object.fromEntries(expected));
  }
}

Then('the action {string} received no parameters', function (this: FwWorld, action: string) {
  const echo = expectAction(this, action);
  if (Object.keys(echo.params).length !== 0) failWith('param', { ...answered(this.last.request, this.last.response), action }, `${this.last.request}: expected ${action} to receive no parameters, got ${show(echo.params)}`, echo.params, {});
});

Then(/^the parameter "([^"]+)" is the (string|int|float|bool) (.+)$/, function (this: FwWorld, name: string, type: string, value: string) {
  expectParam(this, name, typedValue(type, value));
});

Then('the parameter {string} is null', function (this: FwWorld, name: string) {
  expectParam(this, name, { type: 'null', value: null });
});

Then('the parameter {string} is the Request for {word} {string}', function (this: FwWorld, name: string, method: string, path: string) {
  expectParam(this, name, { type: 'Request', value: { method, path } });
});

Then('the parameter {string} is the Clock', function (this: FwWorld, name: string) {
  expectParam(this, name, { type: 'Clock', value: 'clock' });
});

Then('the parameter {string} is the {word} with:', function (this: FwWorld, name: string, type: string, json: string) {
  expectParam(this, name, typedValue(type, json));
});

/** Field by field, as support/echo.ts sameFields() says: casts and null fields aside. */
Then('the parameter {string} is the {word} with the fields:', function (this: FwWorld, name: string, type: string, json: string) {
  const expected = typedValue(type, json);
  const echo = actionEcho(this);
  const actual = echo.params[name];
  if (!sameFields(actual, expected)) {
    failWith('param', { ...answered(this.last.request, this.last.response), action: echo.action, name },
      `${this.last.request}: expected ${echo.action}'s parameter $${name} to be a ${type} with the fields ${show(expected.value)} (other fields absent or null), got ${show(actual)}`, actual, expected);
  }
});

Then('the constructor received the Clock', function (this: FwWorld) {
  const echo = actionEcho(this);
  const actual = echo.ctor?.['clock'];
  const expected: TypedValue = { type: 'Clock', value: 'clock' };
  if (!sameTyped(actual, expected)) failWith('param', { ...answered(this.last.request, this.last.response), action: echo.action, name: 'constructor' }, `${this.last.request}: expected the constructor of ${echo.action} to receive the Clock, got ${show(echo.ctor)}`, actual, expected);
});

function expectArgs(world: FwWorld, expected: TypedValue[]): void {
  const actual = closureEcho(world);
  const same = actual.length === expected.length && expected.every((v, i) => sameTyped(actual[i], v));
  if (!same) failWith('closure-args', answered(world.last.request, world.last.response), `${world.last.request}: expected the closure to receive ${show(expected)}, got ${show(actual)}`, actual, expected);
}

/**
 * What the spec's closures are called with, as the adapter declares it (protocol §2.2): a
 * framework that hands every handler one context object passes no route parameter by position.
 */
Then('the framework hands closures the route parameters as arguments', function (this: FwWorld) {
  if ((this.parameters as { handlers?: string }).handlers === 'context') {
    fail('the framework calls a closure with one context object, not with the route parameters by position (the adapter declares info.handlers "context")');
  }
});

Then('the closure received no arguments', function (this: FwWorld) {
  expectArgs(this, []);
});

Then('the closure received:', function (this: FwWorld, table: DataTable) {
  expectArgs(this, argsTable(table));
});

/** `the closure received the strings "2024", "05"`: a JSON list of strings without brackets. */
Then(/^the closure received the strings? (".*")$/, function (this: FwWorld, list: string) {
  const values = parseFeatureJson(`[${list}]`, 'the list of strings') as unknown[];
  if (!values.every((v) => typeof v === 'string')) throw new Error(`expected a list of JSON strings, got [${list}]`);
  expectArgs(this, values.map((value) => ({ type: 'string', value })));
});
