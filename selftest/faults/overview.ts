import type { Fault } from '../Fault';
import { notFoundAnswer, onActionResult, ROUTER } from './sites';

/** Faults written against the rules of the overview.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'overview-convention-fallback', rule: 'overview.explicit-only',
    description: 'when no route matches, /<controller>/<action> falls back to the public method <action> of the registered <Controller>Controller (convention routing)',
    patches: [
      {
        file: ROUTER,
        find: "import { UrlGenerator } from './UrlGenerator';",
        replace: "import { UrlGenerator } from './UrlGenerator';\nimport { toResponse } from '../http/toResponse';",
      },
      notFoundAnswer([
          'if (result.status === 404) {',
          '      const convention = /^\\/([a-z]+)\\/([A-Za-z]+)$/.exec(request.path);',
          "      const name = convention === null ? '' : `${convention[1]!.charAt(0).toUpperCase()}${convention[1]!.slice(1)}Controller`;",
          '      if (convention !== null && this.container.bound(name)) {',
          '        const controller = container.make<Record<string, unknown>>(name);',
          '        const action = controller[convention[2]!];',
          "        if (typeof action === 'function') return Promise.resolve((action as () => unknown).call(controller)).then(toResponse);",
          '      }',
          '      return errorResponse(404);',
          '    }',
        ].join('\n')),
    ],
  },
  {
    id: 'overview-scalar-return-dropped', rule: 'overview.controller-destination',
    description: 'the dispatcher only sends what a controller action returns when it is an object: a string (or other scalar) returned by an action gives an empty 200',
    patches: onActionResult("return toResponse(typeof result === 'object' ? result : undefined);"),
  },
];
