import type { Fault } from '../Fault';
import { ROUTER } from './sites';

const CONTROLLER = 'reference/src/http/Controller.ts';

/** Faults written against the rules of the helpers.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'helpers-one-base-per-app', rule: 'helpers.optional-base',
    description: "the router expects every controller of an application to extend the base Controller or none to, and refuses to register one that differs from the first",
    patches: [
      {
        file: ROUTER,
        find: "import { ControllerDispatcher } from '../http/ControllerDispatcher';",
        replace: "import { ControllerDispatcher } from '../http/ControllerDispatcher';\nimport { Controller } from '../http/Controller';",
      },
      {
        file: ROUTER,
        find: '      const specs = declaredParams(cls, methodName);\n',
        replace: "      const extendsBase = cls.prototype instanceof Controller;\n      const app = this as unknown as { controllersExtendBase?: boolean };\n      app.controllersExtendBase ??= extendsBase;\n      if (app.controllersExtendBase !== extendsBase) fail(`controller [${label}] must ${app.controllersExtendBase ? '' : 'not '}extend Fw\\\\Http\\\\Controller like the other controllers`);\n      const specs = declaredParams(cls, methodName);\n",
      },
    ],
  },
  {
    id: 'helpers-response-text-plain', rule: 'helpers.response',
    description: 'response($content) builds a text/plain response instead of text/html',
    patches: [{ file: CONTROLLER, find: 'return factory.make(content, status, headers);', replace: 'return factory.text(String(content), status, headers);' }],
  },
  {
    id: 'helpers-response-headers-dropped', rule: 'helpers.response-full',
    description: 'response($content, $status, $headers) ignores its headers argument',
    patches: [{ file: CONTROLLER, find: 'return factory.make(content, status, headers);', replace: 'return factory.make(content, status);' }],
  },
  {
    id: 'helpers-response-no-factory', rule: 'helpers.response-factory',
    description: 'response() without arguments returns an empty Response instead of the ResponseFactory',
    patches: [{ file: CONTROLLER, find: 'if (args.length === 0) return factory;', replace: 'if (args.length === 0) return factory.make();' }],
  },
  {
    id: 'helpers-json-default-object', rule: 'helpers.json-default',
    description: 'json() without data sends an empty object ({}) instead of the empty array',
    patches: [{ file: CONTROLLER, find: 'protected json(data: unknown = [],', replace: 'protected json(data: unknown = {},' }],
  },
  {
    id: 'helpers-json-headers-dropped', rule: 'helpers.json-full',
    description: 'json($data, $status, $headers) ignores its headers argument',
    patches: [{ file: CONTROLLER, find: 'return this.#factory().json(data, status, headers);', replace: 'return this.#factory().json(data, status);' }],
  },
  {
    id: 'helpers-redirect-301', rule: 'helpers.redirect',
    description: 'redirect($url) defaults to a permanent redirect (301) instead of 302',
    patches: [{ file: CONTROLLER, find: 'protected redirect(url: string, status = 302)', replace: 'protected redirect(url: string, status = 301)' }],
  },
  {
    id: 'helpers-redirect-status-ignored', rule: 'helpers.redirect-status',
    description: 'redirect($url, $status) ignores the status and always answers 302',
    patches: [{ file: CONTROLLER, find: 'return this.#factory().redirect(url, status);', replace: 'return this.#factory().redirect(url);' }],
  },
  {
    id: 'helpers-view-text-plain', rule: 'helpers.view',
    description: 'view($name, $data) labels the rendered view text/plain instead of text/html',
    patches: [{
      file: CONTROLLER,
      find: 'return this.#factory().view(name, data, status, headers);',
      replace: "return this.#factory().view(name, data, status, { 'Content-Type': 'text/plain; charset=UTF-8', ...headers });",
    }],
  },
  {
    id: 'helpers-view-status-headers-dropped', rule: 'helpers.view-full',
    description: 'view($name, $data, $status, $headers) ignores its status and headers',
    patches: [{ file: CONTROLLER, find: 'return this.#factory().view(name, data, status, headers);', replace: 'return this.#factory().view(name, data);' }],
  },
  {
    id: 'helpers-escape-html-ampersand', rule: 'helpers.view-renders',
    description: 'escapeHtml() leaves ampersands as they are, so a view rendered with "&" in its data outputs a raw "&"',
    patches: [{ file: 'reference/src/http/escapeHtml.ts', find: 'return text.replace(/[&<>"\']/g,', replace: 'return text.replace(/[<>"\']/g,' }],
  },
  {
    id: 'helpers-base-validate', rule: 'helpers.no-validate-authorize',
    description: 'the base controller has a Laravel-style validate() helper',
    patches: [{
      file: CONTROLLER,
      find: '  // ES-private: a subclass action named like this',
      replace: '  protected validate(request: { all(): Record<string, unknown> }): Record<string, unknown> {\n    return request.all();\n  }\n\n  // ES-private: a subclass action named like this',
    }],
  },
];
