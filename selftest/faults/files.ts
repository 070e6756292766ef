import type { Fault } from '../Fault';

/** Faults written against the rules of the files.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'files-web-only-when-told', rule: 'files.web-default',
    description: 'boot() loads routes/web only when the application lists it among its route files: a routes/web that nothing names is never loaded',
    patches: [{
      file: 'reference/src/foundation/Application.ts',
      find: 'const web = this.web ?? this.defaultWebRoutes();',
      replace: 'const web = this.queuedRoutes.length > 0 ? (this.web ?? this.defaultWebRoutes()) : undefined;',
    }],
  },
  {
    id: 'files-every-route-file-discovered', rule: 'files.only-web-default',
    description: 'the application discovers route files: every file of routes/ is loaded at boot as if the bootstrap sequence named it',
    patches: [{
      file: 'reference/adapter/buildApplication.ts',
      find: 'for (const name of manifest.bootstrap ?? []) app.loadRoutes(routeFile(manifest.routeFiles[name]));',
      replace: "for (const name of Object.keys(manifest.routeFiles).filter((n) => n !== 'web' && !(manifest.providers ?? []).includes(n))) app.loadRoutes(routeFile(manifest.routeFiles[name] ?? []));",
    }],
  },
  {
    id: 'files-bootstrap-first-file-only', rule: 'files.bootstrap',
    description: 'boot() loads only the first route file queued by the bootstrap sequence and drops the others',
    patches: [{
      file: 'reference/src/foundation/Application.ts',
      find: 'for (const file of this.queuedRoutes.splice(0)) this.loadRouteFile(file);',
      replace: 'for (const file of this.queuedRoutes.splice(0, 1)) this.loadRouteFile(file);',
    }],
  },
  {
    id: 'files-provider-routes-queued-too-late', rule: 'files.provider',
    description: 'loadRoutes() called from a provider while the application boots queues the file after the queue was drained, so routes loaded by a provider are never registered',
    patches: [{
      file: 'reference/src/foundation/Application.ts',
      find: "if (this.state === 'registering') this.queuedRoutes.push(file);",
      replace: "if (this.state !== 'booted') this.queuedRoutes.push(file);",
    }],
  },
  {
    id: 'files-provider-own-router', rule: 'files.shared-collection',
    description: 'a route file loaded by a provider registers on a router of its own, consulted only when the application router finds nothing (404): its methods are missing from 405/Allow and its names from URL generation',
    patches: [{
      file: 'reference/src/foundation/Application.ts',
      find: 'else this.loadRouteFile(file);',
      replace: [
        'else {',
        '      const own = new Router(this.container);',
        '      (file as RouteFile)(own);',
        '      const main = this.router;',
        // dispatchIn: the application's own pipeline (Application.handle) goes through it, not dispatch().
        '      const dispatchIn = main.dispatchIn.bind(main);',
        '      main.dispatchIn = (request: Request, container: Container) => {',
        '        const pick = (response: Response) => (response.status === 404 ? own.dispatchIn(request, container) : response);',
        '        const result = dispatchIn(request, container);',
        '        return result instanceof Promise ? result.then(pick) : pick(result);',
        '      };',
        '    }',
      ].join('\n'),
    }],
  },
];
