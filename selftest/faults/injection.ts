import type { Fault } from '../Fault';
import { DISPATCHER, FORM_REQUEST, MODEL, parameterResolution } from './sites';

const CASTING = 'reference/src/http/casting.ts';

/** Faults written against the rules of the injection.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'injection-one-cast-per-action', rule: 'injection.route-param',
    description: 'the dispatcher casts every route parameter of an action with the type of its first typed parameter, so in mixed(int $id, string $slug) the slug is cast to int and refused',
    patches: [parameterResolution([
      "const cast = specs.find((s) => s.kind === 'builtin' && s.type !== 'string' && s.type !== 'any');",
      '      const spec = specs[i] as ParamSpec;',
      "      const value = this.resolveParameter(cast?.kind === 'builtin' && spec.kind === 'builtin' ? { ...spec, type: cast.type } : spec, request, container);",
    ].join('\n'))],
  },
  {
    id: 'injection-int-zero-rejected', rule: 'injection.cast-int',
    description: 'the int cast tests the parsed number for truthiness, so "0" is rejected with a 400',
    patches: [{
      file: CASTING,
      find: "if (!INT.test(value) || !Number.isSafeInteger(n)) throw invalid(name, 'int');",
      replace: "if (!INT.test(value) || !Number.isSafeInteger(n) || !n) throw invalid(name, 'int');",
    }],
  },
  {
    id: 'injection-float-truncated', rule: 'injection.cast-float',
    description: 'the float cast parses the value with parseInt, so "1.5" reaches the action as 1',
    patches: [{
      file: CASTING,
      find: "const n = Number(value);\n      if (!Number.isFinite(n)) throw invalid(name, 'float');",
      replace: "const n = parseInt(value, 10);\n      if (!Number.isFinite(n)) throw invalid(name, 'float');",
    }],
  },
  {
    id: 'injection-bool-one-unknown', rule: 'injection.cast-bool',
    description: 'the words the bool cast takes for true lack "1", so "1" is rejected with a 400',
    patches: [{ file: CASTING, find: "const TRUE_WORDS = new Set(['1', 'true', 'on', 'yes']);", replace: "const TRUE_WORDS = new Set(['true', 'on', 'yes']);" }],
  },
  {
    id: 'injection-int-leading-zero-octal', rule: 'injection.int-forms',
    description: 'the int cast reads a leading zero as an octal prefix (like intval($v, 0)), so "010" reaches the action as 8',
    patches: [{
      file: CASTING,
      find: 'const n = Number(value);\n      if (!INT.test(value)',
      replace: 'const n = /^[+-]?0\\d/.test(value) ? parseInt(value, 8) : Number(value);\n      if (!INT.test(value)',
    }],
  },
  {
    id: 'injection-int-unsigned', rule: 'injection.int-forms',
    description: 'the int pattern accepts digits only, so a negative integer ("-3") is rejected with a 400',
    patches: [{ file: CASTING, find: 'const INT = /^[+-]?\\d+$/;', replace: 'const INT = /^\\d+$/;' }],
  },
  {
    id: 'injection-string-numeric-normalized', rule: 'injection.string-not-cast',
    description: 'a string-typed parameter that looks numeric goes through a number and back, so "007" reaches the action as "7"',
    patches: [{
      file: CASTING,
      find: "    case 'string':\n    case 'any':\n      return value;",
      replace: "    case 'string':\n      return /^\\d+(\\.\\d+)?$/.test(value) ? String(Number(value)) : value;\n    case 'any':\n      return value;",
    }],
  },
  {
    id: 'injection-untyped-bool-guessed', rule: 'injection.untyped-string',
    description: 'an untyped parameter whose value is "true" or "false" is passed as a bool (a type guessed from the value)',
    patches: [{
      file: CASTING,
      find: "    case 'string':\n    case 'any':\n      return value;",
      replace: "    case 'string':\n      return value;\n    case 'any':\n      return value === 'true' || value === 'false' ? value === 'true' : value;",
    }],
  },
  {
    id: 'injection-form-request-empty-input', rule: 'injection.form-request',
    description: 'the dispatcher builds a FormRequest itself with a new, empty Request instead of resolving it from the container, so it validates nothing the client sent',
    patches: [{
      file: FORM_REQUEST,
      find: 'const form = container.make<FormRequest>(key);',
      replace: 'const form = new (this as unknown as new (r: Request) => FormRequest)(new Request());',
    }],
  },
  {
    id: 'injection-model-base-bind', rule: 'injection.model',
    description: "the dispatcher calls the base Model::validateAndBind() for the model class (self:: instead of static::), so the model's own validateAndBind() never runs",
    patches: [{
      file: MODEL,
      find: 'return this.validateAndBind(request);',
      replace: 'return (Model.validateAndBind as unknown as (this: unknown, r: Request) => M).call(this, request);',
    }],
  },
  {
    id: 'injection-model-body-only', rule: 'injection.model-sources',
    description: 'Model::validateAndBind() reads only the request body, never the query string',
    patches: [{
      file: MODEL,
      find: 'const input = request.all();',
      replace: "const body = request.body;\n    const input = typeof body === 'object' && body !== null ? (body as Attributes) : {};",
    }],
  },
  {
    id: 'injection-json-type-case-sensitive', rule: 'injection.media-type-case',
    description: 'the JSON media type of a body is matched case-sensitively, so an Application/JSON body is not read',
    patches: [{
      file: 'reference/src/http/Request.ts',
      find: 'return /^application\\/(?:[\\w.+-]+\\+)?json\\b/i.test(',
      replace: 'return /^application\\/(?:[\\w.+-]+\\+)?json\\b/.test(',
    }],
  },
  {
    id: 'injection-validation-never-throws', rule: 'injection.invalid-stops-action',
    description: 'FormRequest::validateResolved() computes the errors but does not throw them, so an invalid request reaches the action',
    patches: [{
      file: FORM_REQUEST,
      find: 'if (!result.passes) throw new ValidationError(result.errors);\n    this.validatedData = result.validated;',
      replace: 'this.validatedData = result.validated;',
    }],
  },
  {
    id: 'injection-unbound-class-newed', rule: 'injection.container-class',
    description: 'a class-typed action parameter the container has no binding for is instantiated with new, without its constructor dependencies',
    patches: [{
      file: DISPATCHER,
      find: '    return container.make(spec.type);\n',
      replace: '    return cls !== undefined && !container.bound(spec.type) ? new (cls as new () => unknown)() : container.make(spec.type);\n',
    }],
  },
  {
    id: 'injection-request-copy-loses-method', rule: 'injection.request',
    description: 'the injected Request is a copy rebuilt from the URL and headers of the current one, which loses its method (always GET)',
    patches: [{
      file: DISPATCHER,
      find: 'if (cls === Request) return request;',
      replace: 'if (cls === Request) return new Request({ url: request.url, headers: request.headers });',
    }],
  },
  {
    id: 'injection-parameterless-action-refused', rule: 'injection.request-optional',
    description: 'an action that declares no parameters is refused when its route captures some: the dispatcher insists that the action take what the route gives',
    patches: [{
      file: DISPATCHER,
      find: '        const specs = declaredParams((controller as object).constructor as Class, handler.method);\n',
      replace: "        const specs = declaredParams((controller as object).constructor as Class, handler.method);\n        if (specs !== undefined && specs.length === 0 && route.paramNames.length > 0) throw new TypeError(`Action [${handler.method}] declares no parameters for the route's ${route.paramNames.join(', ')}.`);\n",
    }],
  },
  {
    id: 'injection-request-first-only', rule: 'injection.any-position',
    description: 'the dispatcher recognises a Request parameter only in the first position; a Request declared later receives null',
    patches: [parameterResolution("const spec = specs[i] as ParamSpec;\n      const value = i > 0 && spec.kind === 'class' && spec.type === Request ? null : this.resolveParameter(spec, request, container);")],
  },
  {
    id: 'injection-declared-action-on-new-instance', rule: 'injection.constructor',
    description: 'the dispatcher calls an action with declared parameters on an instance it builds itself with new, not on the one the container built, so the constructor dependencies are missing',
    patches: [
      {
        file: DISPATCHER,
        find: 'return then((action as (...a: unknown[]) => unknown).apply(controller, args), toResponse);',
        replace: 'return then((action as (...a: unknown[]) => unknown).apply(new ((controller as object).constructor as new () => object)(), args), toResponse);',
      },
      {
        file: DISPATCHER,
        find: 'then((action as (...a: unknown[]) => unknown).apply(controller, resolved), toResponse)',
        replace: 'then((action as (...a: unknown[]) => unknown).apply(new ((controller as object).constructor as new () => object)(), resolved), toResponse)',
      },
    ],
  },
  {
    id: 'injection-default-ignored', rule: 'injection.default-value',
    description: 'a parameter that no route parameter provides receives null even when it declares a default value',
    patches: [{
      file: DISPATCHER,
      find: 'if (!Object.prototype.hasOwnProperty.call(params, spec.name)) return spec.hasDefault ? spec.defaultValue : undefined;',
      replace: 'if (!Object.prototype.hasOwnProperty.call(params, spec.name)) return undefined;',
    }],
  },
];
