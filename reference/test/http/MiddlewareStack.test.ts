import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Container } from '../../src/container/Container';
import type { Next } from '../../src/http/Middleware';
import { MiddlewareStack, parseMiddlewareReference } from '../../src/http/MiddlewareStack';
import { Request } from '../../src/http/Request';
import { Response } from '../../src/http/Response';

const log: string[] = [];

class First {
  async handle(request: Request, next: Next) {
    log.push('first:before');
    const response = await next(request);
    log.push('first:after');
    response.headers.set('X-First', '1');
    return response;
  }
}
class Second {
  async handle(request: Request, next: Next) {
    log.push('second:before');
    const response = await next(request);
    log.push('second:after');
    return response;
  }
}
class WithArgs {
  handle(request: Request, next: Next, ...args: string[]) {
    log.push(`args:${args.join('|')}`);
    return next(request);
  }
}

describe('MiddlewareStack', () => {
  it('runs as an onion: first listed is outermost', async () => {
    log.length = 0;
    const stack = new MiddlewareStack(new Container(), [First, Second]);
    const response = await stack.handle(Request.create('GET', '/'), async () => {
      log.push('action');
      return new Response('done');
    });
    assert.deepEqual(log, ['first:before', 'second:before', 'action', 'second:after', 'first:after']);
    assert.equal(response.headers.get('x-first'), '1');
  });

  it('resolves names through the container and passes "Name:a,b" arguments', async () => {
    log.length = 0;
    const c = new Container();
    c.bind('throttle', WithArgs);
    await new MiddlewareStack(c, ['throttle:60,1']).handle(Request.create('GET', '/'), async () => new Response());
    assert.deepEqual(log, ['args:60|1']);
    assert.deepEqual(parseMiddlewareReference('throttle:60,1'), { key: 'throttle', args: ['60', '1'], label: 'throttle' });
  });

  it('short-circuits when a middleware does not call next', async () => {
    let reached = false;
    class Deny {
      handle() {
        return new Response('denied', 403);
      }
    }
    const response = await new MiddlewareStack(new Container(), [Deny, First]).handle(Request.create('GET', '/'), async () => {
      reached = true;
      return new Response();
    });
    assert.equal(response.status, 403);
    assert.equal(reached, false);
  });

  it('converts non-Response return values like actions do', async () => {
    class Plain {
      handle() {
        return { ok: true };
      }
    }
    const response = await new MiddlewareStack(new Container(), [Plain]).handle(Request.create('GET', '/'), async () => new Response());
    assert.equal(response.text(), '{"ok":true}');
  });

  it('can hand a different request down the stack', async () => {
    class Swap {
      handle(_request: Request, next: Next) {
        return next(Request.create('GET', '/swapped'));
      }
    }
    const response = await new MiddlewareStack(new Container(), [Swap]).handle(Request.create('GET', '/orig'), async (r) => new Response(r.path));
    assert.equal(response.text(), '/swapped');
  });

  it('builds middleware from the given (request-scoped) container', async () => {
    class NeedsRequest {
      static inject = [Request] as const;
      constructor(readonly request: Request) {}
      handle(request: Request, next: Next) {
        assert.equal(this.request, request);
        return next(request);
      }
    }
    const request = Request.create('GET', '/');
    const scope = new Container().scope();
    scope.instance(Request, request);
    await new MiddlewareStack(scope, [NeedsRequest]).handle(request, async () => new Response());
  });

  it('errors thrown inside propagate', async () => {
    class Boom {
      handle(): never {
        throw new Error('mw failed');
      }
    }
    await assert.rejects(() => new MiddlewareStack(new Container(), [Boom]).handle(Request.create('GET', '/'), async () => new Response()), /mw failed/);
  });

  it('rejects a resolved value without handle()', async () => {
    const c = new Container();
    c.instance('weird', {});
    await assert.rejects(() => new MiddlewareStack(c, ['weird']).handle(Request.create('GET', '/'), async () => new Response()), /has no handle/);
  });
});
