import type { Handler, TypedValue } from '../../protocol';

/**
 * What a probe-catalog handler answers (adapter protocol §4) when it runs with the given route
 * parameters, for the handlers the properties use.
 */
export type ExpectedBody =
  | { kind: 'text'; value: string }
  | { kind: 'args'; values: string[] }
  | { kind: 'echo'; action: string; params: Record<string, TypedValue> };

/** PhotoController actions that declare the untyped `$id` (protocol §4.2). */
const PHOTO_ID_ACTIONS = new Set(['show', 'edit', 'update', 'destroy']);

export function expectedBody(handler: Handler, params: string[]): ExpectedBody {
  if ('closure' in handler) {
    if (handler.closure === 'text') return { kind: 'text', value: handler.value };
    if (handler.closure === 'args') return { kind: 'args', values: params };
    throw new Error('the properties do not use json closures');
  }
  if (handler.controller !== 'PhotoController') throw new Error(`the properties do not use ${handler.controller}`);
  const echo: Record<string, TypedValue> = {};
  // A URI value reaches an untyped parameter as a string.
  if (PHOTO_ID_ACTIONS.has(handler.action)) echo.id = { type: 'string', value: params[0] };
  return { kind: 'echo', action: `PhotoController@${handler.action}`, params: echo };
}
