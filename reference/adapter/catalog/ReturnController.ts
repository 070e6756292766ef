import { JsonResponse, RedirectResponse, Response } from '../../src';
import { record } from '../Trace';

/** Not an array: serializes through toJSON, the JavaScript form of JsonSerializable. */
class SerializableProbe {
  toJSON(): { kind: string } {
    return { kind: 'object' };
  }
}

/** Protocol §4.2: one action per kind of return value. */
export class ReturnController {
  response() { return this.trace('response', new Response('response body', 201, { 'X-Probe': 'response' })); }
  jsonResponse() { return this.trace('jsonResponse', new JsonResponse({ kind: 'json' }, 202)); }
  redirectResponse() { return this.trace('redirectResponse', new RedirectResponse('/redirected', 301)); }
  array() { return this.trace('array', { kind: 'array', list: [1, 2, 3] }); }
  list() { return this.trace('list', [1, 2, 3]); }
  object() { return this.trace('object', new SerializableProbe()); }
  string() { return this.trace('string', 'plain string'); }
  emptyString() { return this.trace('emptyString', ''); }
  int() { return this.trace('int', 42); }
  float() { return this.trace('float', 1.5); }
  true() { return this.trace('true', true); }
  false() { return this.trace('false', false); }
  null() { return this.trace('null', null); }

  private trace<T>(method: string, value: T): T {
    record(`action:ReturnController@${method}`);
    return value;
  }
}
