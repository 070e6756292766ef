import { JsonResponse } from './JsonResponse';
import { Response } from './Response';

/**
 * Converts whatever an action or middleware returned, per the spec:
 * a Response as it is; an array or JSON-serializable object (plain object,
 * or anything with toJSON) as JSON 200; a string or other scalar cast to a
 * string the PHP way (true → "1", false → "", null → "") as text/html.
 */
export function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (value === null || value === undefined) return new Response('');
  switch (typeof value) {
    case 'string':
      return new Response(value);
    case 'number':
    case 'bigint':
      return new Response(String(value));
    case 'boolean':
      return new Response(value ? '1' : '');
    case 'object':
      return objectResponse(value);
    default:
      throw new TypeError(`An action returned a ${typeof value}, which cannot be converted to a response.`);
  }
}

function objectResponse(value: object): Response {
  if (Array.isArray(value) || isPlainObject(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return new JsonResponse(value);
  }
  // Like PHP's __toString: an object that defines its own string form is sent as text.
  if (value.toString !== Object.prototype.toString) return new Response(String(value));
  const type = value.constructor?.name ?? 'object';
  throw new TypeError(`An action returned an instance of ${type}, which is neither JSON-serializable nor a string.`);
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
