import type { Middleware, Next, Request, Response } from '../../../../src';

/** Adds X-Response-Time to whatever the inner layers produced. */
export class ResponseTime implements Middleware {
  async handle(request: Request, next: Next): Promise<Response> {
    const started = process.hrtime.bigint();
    const response = await next(request);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    return response.header('X-Response-Time', `${ms.toFixed(3)}ms`);
  }
}
