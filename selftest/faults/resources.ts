import type { Fault } from '../Fault';
import { DISPATCHER, ROUTER } from './sites';

/** resource()'s body in the reference: the seven routes, each named {name}.{action}. */
const RESOURCE_BODY = '    return RESOURCE_ROUTES.map(([method, suffix, action]) =>\n'
  + '      this.addRoute(method, `${name}${suffix}`, [controller as Class | string, action]).name(`${name}.${action}`),\n'
  + '    );';

/** Faults written against the rules of the resources.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'resources-update-destroy-swapped', rule: 'resources.routes',
    description: 'resource() maps PUT /{name}/{id} to destroy and DELETE /{name}/{id} to update',
    patches: [{
      file: ROUTER,
      find: "  ['PUT', '/{id}', 'update'],\n  ['DELETE', '/{id}', 'destroy'],",
      replace: "  ['PUT', '/{id}', 'destroy'],\n  ['DELETE', '/{id}', 'update'],",
    }],
  },
  {
    id: 'resources-id-named-after-resource', rule: 'resources.id-name',
    description: 'URL generation wants a resource route\'s id under the singular resource name (photos.show takes ["photo" => 7]), as Laravel\'s {photo} does',
    patches: [{
      file: ROUTER,
      find: RESOURCE_BODY,
      replace: '    return RESOURCE_ROUTES.map(([method, suffix, action]) => {\n'
        + '      const route = this.addRoute(method, `${name}${suffix}`, [controller as Class | string, action]).name(`${name}.${action}`);\n'
        + "      (route as unknown as { idAlias?: string }).idAlias = name.replace(/s$/, '');\n"
        + '      return route;\n'
        + '    });',
    }, {
      file: 'reference/src/routing/UrlGenerator.ts',
      find: '      const value = entries.get(token.name);\n      entries.delete(token.name);',
      replace: "      const alias = (route as unknown as { idAlias?: string }).idAlias;\n"
        + "      const key = token.name === 'id' && alias !== undefined ? alias : token.name;\n"
        + '      const value = entries.get(key);\n      entries.delete(key);',
    }],
  },
  {
    id: 'resources-names-underscore', rule: 'resources.names',
    description: 'resource() names its routes photos_show instead of photos.show',
    patches: [{ file: ROUTER, find: '.name(`${name}.${action}`)', replace: '.name(`${name}_${action}`)' }],
  },
  {
    id: 'resources-show-before-create', rule: 'resources.create-not-show',
    description: 'resource() registers show before create, so GET /photos/create reaches show with the id "create"',
    patches: [{
      file: ROUTER,
      find: "  ['GET', '/create', 'create'],\n  ['POST', '', 'store'],\n  ['GET', '/{id}', 'show'],",
      replace: "  ['POST', '', 'store'],\n  ['GET', '/{id}', 'show'],\n  ['GET', '/create', 'create'],",
    }],
  },
  {
    id: 'resources-id-slug-cut', rule: 'resources.id-param',
    description: 'an untyped $id is cut at its first "-" (id-slug URLs such as /photos/42-sunset), so /photos/x-1 gives the action the id "x"',
    patches: [{
      file: DISPATCHER,
      find: '      return castParameter(spec.type, spec.name, value);',
      replace: "      return castParameter(spec.type, spec.name, spec.type === 'any' && spec.name === 'id' ? value.split('-')[0]! : value);",
    }],
  },
  {
    id: 'resources-also-delete-path', rule: 'resources.only-seven',
    description: 'resource() also registers GET /{name}/{id}/delete → destroy, a link-friendly delete',
    patches: [{
      file: ROUTER,
      find: RESOURCE_BODY,
      replace: '    const routes = RESOURCE_ROUTES.map(([method, suffix, action]) =>\n'
        + '      this.addRoute(method, `${name}${suffix}`, [controller as Class | string, action]).name(`${name}.${action}`),\n'
        + '    );\n'
        + "    routes.push(this.addRoute('GET', `${name}/{id}/delete`, [controller as Class | string, 'destroy']));\n"
        + '    return routes;',
    }],
  },
  {
    id: 'resources-group-middleware-dropped', rule: 'resources.in-group',
    description: 'resource() inside a group takes the group\'s prefix but not its middleware',
    patches: [{
      file: ROUTER,
      find: RESOURCE_BODY,
      replace: '    const saved = this.groups.splice(0, this.groups.length, ...this.groups.map((g) => ({ prefix: g.prefix, middleware: [] })));\n'
        + '    try {\n'
        + '      return RESOURCE_ROUTES.map(([method, suffix, action]) =>\n'
        + '        this.addRoute(method, `${name}${suffix}`, [controller as Class | string, action]).name(`${name}.${action}`),\n'
        + '      );\n'
        + '    } finally {\n'
        + '      this.groups.splice(0, this.groups.length, ...saved);\n'
        + '    }',
    }],
  },
];
