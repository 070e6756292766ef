import { HttpError } from './HttpError';
import type { BuiltinType } from './parameters';

const TRUE_WORDS = new Set(['1', 'true', 'on', 'yes']);
const FALSE_WORDS = new Set(['0', 'false', 'off', 'no', '']);
const INT = /^[+-]?\d+$/;
// No nested optional digits: a near-miss must not cost quadratic time (`\d+\.?\d*` on 8,000 digits did).
const FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Casts a decoded URI value for a typed action parameter; a value that does not fit is a 400. */
export function castParameter(type: BuiltinType, name: string, value: string): unknown {
  switch (type) {
    case 'int': {
      const n = Number(value);
      if (!INT.test(value) || !Number.isSafeInteger(n)) throw invalid(name, 'int');
      return n;
    }
    case 'float': {
      if (!FLOAT.test(value)) throw invalid(name, 'float');
      const n = Number(value);
      if (!Number.isFinite(n)) throw invalid(name, 'float');
      return n;
    }
    case 'bool': {
      const word = value.toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      throw invalid(name, 'bool');
    }
    case 'string':
    case 'any':
      return value;
  }
}

function invalid(name: string, type: string): HttpError {
  return new HttpError(400, `Route parameter "${name}" must be ${type}`);
}
