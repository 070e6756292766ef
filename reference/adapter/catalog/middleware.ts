import { Response, type Middleware, type Next, type Request } from '../../src';
import { record } from '../Trace';
import { Clock } from './services';

/** Protocol §4.3: pass-through middleware that records entry and exit. */
function tracing(name: string): new () => Middleware {
  return class implements Middleware {
    async handle(request: Request, next: Next): Promise<unknown> {
      record(`mw:${name}:before`);
      const response = await next(request);
      record(`mw:${name}:after`);
      return response;
    }
  };
}

export const TraceA = tracing('TraceA');
export const TraceB = tracing('TraceB');
export const TraceC = tracing('TraceC');

export class Block implements Middleware {
  handle(): Response {
    record('mw:Block:before');
    return new Response('blocked', 403);
  }
}

/** Built by the container with constructor injection: the header proves the Clock arrived. */
export class WithClock implements Middleware {
  static inject = [Clock] as const;

  constructor(private readonly clock: Clock) {
    record('ctor:WithClock');
  }

  async handle(request: Request, next: Next): Promise<Response> {
    const response = await next(request);
    response.headers.set('X-Clock', this.clock.name());
    return response;
  }
}
