import type { Manifest } from '../protocol';

/**
 * The applications the adapter check loads. Paths live under /fw-check/ so that they are easy to
 * recognise in an adapter's logs.
 */
export const HELLO_TEXT = 'fw-check: hello';

export const MINIMAL: Manifest = {
  protocol: 2,
  routeFiles: { web: [{ method: 'GET', uri: '/fw-check/hello', handler: { closure: 'text', value: HELLO_TEXT } }] },
};

export const ECHO_ROUTE_NAME = 'fw-check.echo';

/** An application id no adapter hands out (ids are the adapter's choice, so this one is just unlikely). */
export const UNKNOWN_APP = 'fw-check-no-such-app';

export function echoManifest(named: boolean): Manifest {
  return {
    protocol: 2,
    routeFiles: {
      web: [{
        method: 'GET', uri: '/fw-check/echo/{value}', handler: { controller: 'EchoController', action: 'string' },
        ...(named ? { chain: [{ name: ECHO_ROUTE_NAME }] } : {}),
      }],
    },
  };
}

export const ROUTE_FILES: Manifest = {
  protocol: 2,
  routeFiles: {
    web: [{ method: 'GET', uri: '/fw-check/web', handler: { closure: 'text', value: 'web' } }],
    boot: [{ method: 'GET', uri: '/fw-check/bootstrap', handler: { closure: 'text', value: 'bootstrap' } }],
    prov: [{ method: 'GET', uri: '/fw-check/provider', handler: { closure: 'text', value: 'provider' } }],
    unlisted: [{ method: 'GET', uri: '/fw-check/unlisted', handler: { closure: 'text', value: 'unlisted' } }],
  },
  bootstrap: ['boot'],
  providers: ['prov'],
};

/** Valid against the schema; a framework that checks route definitions rejects it at boot. */
export const UNBALANCED_BRACE: Manifest = {
  protocol: 2,
  routeFiles: { web: [{ method: 'GET', uri: '/fw-check/{broken', handler: { closure: 'text', value: 'broken' } }] },
};

export interface MalformedManifest {
  id: string;
  title: string;
  body: unknown;
  /** The exact pointer the 400 must carry (§2.3: the first bad field). */
  pointer: string;
}

const text = (value: string) => ({ closure: 'text', value });

/** Each has exactly one bad value, so "the first bad field" is unambiguous. */
export const MALFORMED: MalformedManifest[] = [
  {
    id: 'manifest.method',
    title: 'a route with method "FETCH"',
    body: { protocol: 2, routeFiles: { web: [{ method: 'FETCH', uri: '/fw-check/x', handler: text('x') }] } },
    pointer: '/routeFiles/web/0/method',
  },
  {
    id: 'manifest.reserved-uri',
    title: 'a route under the reserved /__fw/ prefix, inside a group',
    body: {
      protocol: 2,
      routeFiles: {
        web: [
          { method: 'GET', uri: '/fw-check/ok', handler: text('ok') },
          { group: { prefix: '/fw-check' }, routes: [{ method: 'GET', uri: '/__fw/x', handler: text('x') }] },
        ],
      },
    },
    pointer: '/routeFiles/web/1/routes/0/uri',
  },
  {
    id: 'manifest.chain-name',
    title: 'a chained name() that is a number',
    body: {
      protocol: 2,
      routeFiles: { web: [{ method: 'GET', uri: '/fw-check/x', handler: text('x'), chain: [{ middleware: 'TraceA' }, { name: 42 }] }] },
    },
    pointer: '/routeFiles/web/0/chain/1/name',
  },
];
