import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BindingResolutionError } from '../../src/container/BindingResolutionError';
import { Container } from '../../src/container/Container';
import { isClass } from '../../src/container/isClass';
import { token } from '../../src/container/token';

class Clock {
  now(): number {
    return 1000;
  }
}
class Counter {
  value = 0;
}
class Service {
  static inject = [Clock, Counter] as const;
  constructor(
    readonly clock: Clock,
    readonly counter: Counter,
  ) {}
}

describe('Container', () => {
  it('builds classes without dependencies automatically', () => {
    const c = new Container();
    const clock = c.make(Clock);
    assert.ok(clock instanceof Clock);
    assert.notEqual(c.make(Clock), clock, 'unbound classes are built fresh each time');
  });

  it('injects constructor dependencies declared in static inject', () => {
    const c = new Container();
    const service = c.make(Service);
    assert.ok(service.clock instanceof Clock);
    assert.ok(service.counter instanceof Counter);
  });

  it('bind() with a factory builds a new value each time', () => {
    const c = new Container();
    let n = 0;
    c.bind('n', () => ++n);
    assert.equal(c.make('n'), 1);
    assert.equal(c.make('n'), 2);
  });

  it('singleton() shares one instance; instance() binds a value', () => {
    const c = new Container();
    c.singleton(Counter);
    assert.equal(c.make(Counter), c.make(Counter));
    const fixed = new Clock();
    c.instance(Clock, fixed);
    assert.equal(c.make(Service).clock, fixed);
  });

  it('binds string keys to classes and resolves them by name', () => {
    const c = new Container();
    c.bind('service', Service);
    assert.ok(c.make('service') instanceof Service);
    assert.equal(c.classFor('service'), Service);
    assert.ok(c.bound('service'));
    assert.ok(!c.bound('other'));
  });

  it('aliases resolve to their target, including chains', () => {
    const c = new Container();
    c.singleton(Counter);
    c.alias('counter', Counter).alias('tally', 'counter');
    assert.equal(c.make('tally'), c.make(Counter));
    assert.equal(c.classFor('tally'), Counter);
  });

  it('typed tokens carry the value type', () => {
    const c = new Container();
    const Port = token<number>('port');
    c.instance(Port, 8080);
    const port: number = c.make(Port);
    assert.equal(port, 8080);
  });

  it('rebinding replaces the previous binding and its cached instance', () => {
    const c = new Container();
    c.singleton('x', () => 'first');
    assert.equal(c.make('x'), 'first');
    c.singleton('x', () => 'second');
    assert.equal(c.make('x'), 'second');
  });

  it('fails clearly for unbound names', () => {
    const c = new Container();
    assert.throws(() => c.make('missing'), { name: 'BindingResolutionError', message: /Target \[missing\] is not bound/ });
  });

  it('refuses classes with constructor parameters but no inject list', () => {
    class Needy {
      constructor(readonly clock: Clock) {}
    }
    assert.throws(() => new Container().make(Needy), /declares no static inject/);
  });

  it('refuses an inject list shorter than the constructor', () => {
    class Short {
      static inject = [Clock] as const;
      constructor(
        readonly a: Clock,
        readonly b: Counter,
      ) {}
    }
    assert.throws(() => new Container().make(Short), /static inject lists 1/);
  });

  it('names the dependency that cannot be resolved', () => {
    class NeedsName {
      static inject = ['nowhere'] as const;
      constructor(readonly value: unknown) {}
    }
    assert.throws(() => new Container().make(NeedsName), /Unresolvable dependency #0 \[nowhere\] of \[NeedsName\]/);
  });

  it('detects dependency cycles', () => {
    const c = new Container();
    c.bind('a', (k) => k.make('b'));
    class B {
      static inject = ['a'] as const;
      constructor(readonly a: unknown) {}
    }
    c.bind('b', B);
    assert.throws(() => c.make('b'), /Circular dependency/);
  });

  it('child scopes see parent bindings and keep their own instances', () => {
    const root = new Container();
    root.singleton(Counter);
    const scope = root.scope();
    scope.instance('request', { id: 1 });
    assert.equal(scope.make(Counter), root.make(Counter), 'singletons stay shared');
    assert.deepEqual(scope.make('request'), { id: 1 });
    assert.throws(() => root.make('request'));
  });

  it('classes built through a scope receive scope instances', () => {
    class NeedsRequest {
      static inject = ['request'] as const;
      constructor(readonly request: unknown) {}
    }
    const root = new Container();
    const scope = root.scope();
    scope.instance('request', 'current');
    assert.equal(scope.make(NeedsRequest).request, 'current');
  });

  it('singletons are built by their owner so they cannot capture scoped values', () => {
    class NeedsRequest {
      static inject = ['request'] as const;
      constructor(readonly request: unknown) {}
    }
    const root = new Container();
    root.singleton(NeedsRequest);
    const scope = root.scope();
    scope.instance('request', 'current');
    assert.throws(() => scope.make(NeedsRequest), BindingResolutionError);
  });

  it('scoped() gives one instance per scope', () => {
    const root = new Container();
    root.scoped(Counter);
    const a = root.scope();
    const b = root.scope();
    assert.equal(a.make(Counter), a.make(Counter));
    assert.notEqual(a.make(Counter), b.make(Counter));
  });

  it('make(Container) returns the resolving container', () => {
    const root = new Container();
    const scope = root.scope();
    assert.equal(scope.make(Container), scope);
    assert.equal(root.make(Container), root);
  });

  it('runs resolving callbacks for matching instances', () => {
    const c = new Container();
    const seen: unknown[] = [];
    c.resolving(Clock, (clock) => seen.push(clock));
    const clock = c.make(Clock);
    c.make(Counter);
    assert.deepEqual(seen, [clock]);
  });

  it('has() is true for bound keys and buildable classes', () => {
    const c = new Container();
    assert.ok(c.has(Clock));
    assert.ok(!c.has('nope'));
  });

  it('isClass tells classes from factories without reading source', () => {
    assert.ok(isClass(Clock));
    assert.ok(!isClass(() => 1));
    assert.ok(!isClass(function plain() {}));
    assert.ok(!isClass('Clock'));
  });
});
