import type { Fault } from '../Fault';
import { closureCall, onActionResult } from './sites';

const TO_RESPONSE = 'reference/src/http/toResponse.ts';

/** Faults written against the rules of the conversion.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'conversion-numbers-as-strings', rule: 'conversion.array',
    description: 'the JSON serializer writes every number of a converted array as a string',
    proxy: 'numbers-as-strings',
  },
  {
    id: 'conversion-action-map-as-html', rule: 'conversion.array',
    description: 'the dispatcher JSON-encodes a map returned by a controller action itself and forgets the JSON content type, so it is sent as text/html',
    patches: onActionResult("if (typeof result === 'object' && result !== null && Object.getPrototypeOf(result) === Object.prototype) return new Response(JSON.stringify(result));\n          return toResponse(result);"),
  },
  {
    id: 'conversion-plain-controller-response-rebuilt', rule: 'conversion.response',
    description: 'for a controller that does not extend the base Controller, the dispatcher rebuilds a returned Response from its content and status, dropping the headers the action set',
    patches: onActionResult('if (!(controller instanceof Controller) && result instanceof Response && result.constructor === Response) return new Response(result.getContent(), result.status);\n          return toResponse(result);'),
  },
  {
    id: 'conversion-undeclared-action-json-reencoded', rule: 'conversion.json-response',
    description: 'for an action without declared parameters (run by position, like a closure), the dispatcher re-encodes a returned JsonResponse from its data, so its status is reset to 200',
    patches: onActionResult('return toResponse(specs === undefined && result instanceof JsonResponse ? new JsonResponse(result.data) : result);'),
  },
  {
    id: 'conversion-redirect-301-refused', rule: 'conversion.redirect-response',
    description: 'RedirectResponse checks its status against a list of redirect codes that forgets 301, so a permanent redirect fails with a 500',
    patches: [{
      file: 'reference/src/http/RedirectResponse.ts',
      find: 'if (status < 300 || status > 399) throw',
      replace: 'if (![302, 303, 307, 308].includes(status)) throw',
    }],
  },
  {
    id: 'conversion-list-as-object', rule: 'conversion.list',
    description: 'a list returned by a controller action is encoded as a JSON object with numeric keys',
    patches: onActionResult('return toResponse(Array.isArray(result) ? { ...result } : result);'),
  },
  {
    id: 'conversion-to-json-ignored', rule: 'conversion.object',
    description: 'an object that implements toJSON (JsonSerializable) is not recognised as JSON-serializable, so the action fails with a 500',
    patches: [{
      file: TO_RESPONSE,
      find: "if (Array.isArray(value) || isPlainObject(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {",
      replace: 'if (Array.isArray(value) || isPlainObject(value)) {',
    }],
  },
  {
    id: 'conversion-action-string-sniffed', rule: 'conversion.string',
    description: 'the dispatcher content-sniffs a string returned by a controller action: text without markup is sent as text/plain',
    patches: onActionResult("if (typeof result === 'string' && result !== '' && !/<[a-z!/]/i.test(result)) return new Response(result, 200, { 'Content-Type': 'text/plain; charset=UTF-8' });\n          return toResponse(result);"),
  },
  {
    id: 'conversion-empty-string-no-content', rule: 'conversion.empty-string',
    description: 'an empty string returned by an action is taken for "no content" and answered 204',
    patches: [{
      file: TO_RESPONSE,
      find: "    case 'string':\n      return new Response(value);",
      replace: "    case 'string':\n      return value === '' ? new Response('', 204) : new Response(value);",
    }],
  },
  {
    id: 'conversion-int-as-float-text', rule: 'conversion.int',
    description: 'a returned number is cast to string as a float, so 42 is sent as "42.0"',
    patches: [{
      file: TO_RESPONSE,
      find: '      return new Response(String(value));',
      replace: "      return new Response(typeof value === 'number' && Number.isInteger(value) ? value.toFixed(1) : String(value));",
    }],
  },
  {
    id: 'conversion-float-truncated', rule: 'conversion.float',
    description: 'a returned number is cast to string through an integer cast, so 1.5 is sent as "1"',
    patches: [{
      file: TO_RESPONSE,
      find: '      return new Response(String(value));',
      replace: "      return new Response(typeof value === 'number' ? String(Math.trunc(value)) : String(value));",
    }],
  },
  {
    id: 'conversion-closure-list-as-object', rule: 'conversion.closure',
    description: 'a list returned by a closure is encoded as a JSON object with numeric keys',
    patches: [closureCall('return then(handler.fn(...positional(route, request)), (result: unknown) => toResponse(Array.isArray(result) ? { ...result } : result));')],
  },
];
