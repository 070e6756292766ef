import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Controller } from '../../src/http/Controller';
import { closure, declaredParams, defineActions, param } from '../../src/http/parameters';
import { Request } from '../../src/http/Request';

class Base extends Controller {
  static actions = defineActions<Base>({ show: [param.int('id')] });
  show(id: number) {
    return id;
  }
  plain() {
    return 'p';
  }
}
class Child extends Base {
  static override actions = defineActions<Child>({ extra: [param.of('request', Request)] });
  extra(request: Request) {
    return request.path;
  }
}

describe('parameter declarations', () => {
  it('param helpers describe builtins with optional defaults', () => {
    assert.deepEqual(param.int('id'), { kind: 'builtin', type: 'int', name: 'id', hasDefault: false, defaultValue: undefined });
    assert.deepEqual(param.bool('on', null), { kind: 'builtin', type: 'bool', name: 'on', hasDefault: true, defaultValue: null });
    assert.deepEqual(param.of('r', Request), { kind: 'class', name: 'r', type: Request });
    assert.deepEqual(param.of('svc', 'Mailer'), { kind: 'class', name: 'svc', type: 'Mailer' });
  });

  it('declaredParams finds declarations, inherited ones included', () => {
    assert.equal(declaredParams(Base, 'show')?.[0]?.name, 'id');
    assert.equal(declaredParams(Base, 'plain'), undefined);
    assert.equal(declaredParams(Child, 'extra')?.[0]?.name, 'request');
    assert.equal(declaredParams(Child, 'show')?.[0]?.name, 'id');
  });

  it('closure() keeps the declaration with the function', () => {
    const c = closure([param.int('a')], (a) => a * 2);
    assert.equal(c.kind, 'declared-closure');
    assert.equal(c.params.length, 1);
  });

  it('mismatched declarations do not compile', () => {
    class C {
      show(id: number, request: Request) {
        return [id, request];
      }
    }
    // These lines are checked by `tsc --noEmit`; at run time they are inert.
    defineActions<C>({
      // @ts-expect-error -- a string parameter cannot feed a number
      show: [param.string('id'), param.of('request', Request)],
    });
    defineActions<C>({
      // @ts-expect-error -- keys must be method names
      missing: [],
    });
    defineActions<C>({
      // @ts-expect-error -- one declaration per parameter
      show: [param.int('id')],
    });
    // @ts-expect-error -- the closure's parameter types come from the declaration
    closure([param.int('a')], (a: string) => a);
    // Nothing to assert at run time: an unused @ts-expect-error fails the type-check phase of npm test.
  });
});
