import { CAPABILITIES, HEADER_ERROR, type Capability, type Manifest, type Statement } from '../../protocol';
import { actionCapabilities } from '../../protocol/capabilities';
import { CATALOG_ACTIONS, CATALOG_MIDDLEWARE } from '../../protocol/catalog';
import { loadApp, type Check } from '../Check';
import type { ProbeExchange } from '../Probe';
import { atOnce } from '../../protocol/atOnce';

/**
 * Catalog completeness (protocol §4, §5): for each declared capability, every catalog entry it
 * needs is reached once, and an entry the adapter has not ported yet — a stub answering
 * `X-Fw-Error: not-ported` (what `fw-conformance init` writes) — fails the check by name. What a
 * ported entry answers (an error of the framework's, a missing trace token) is the framework's
 * behaviour, which the suite's scenarios judge: this check says nothing about it.
 */
const NOT_PORTED = 'not-ported';

/** One catalog entry as the check reaches it: a route and a request. */
interface Entry {
  name: string;
  capabilities: Capability[];
  statement: (uri: string) => Statement;
  /** The route's URI after the entry's own prefix, with the parameters the action declares. */
  uri: string;
  /** The request path after the prefix. */
  path: string;
  method: 'GET' | 'POST';
  json?: unknown;
}

/** Route parameters of the actions that declare some (protocol §4.2), with a value that fits each. */
const ACTION_PARAMS: Readonly<Record<string, readonly [string, string][]>> = {
  'EchoController@untyped': [['value', 'v']],
  'EchoController@string': [['value', 'v']],
  'EchoController@int': [['value', '7']],
  'EchoController@float': [['value', '1.5']],
  'EchoController@bool': [['value', '1']],
  'EchoController@pair': [['first', 'a'], ['second', 'b']],
  'EchoController@mixed': [['id', '7'], ['slug', 's']],
  'EchoController@withRequest': [['id', '7']],
  'EchoController@requestLast': [['id', '7']],
  'EchoController@requestNamed': [['request', 'r']],
  'InjectedController@show': [['id', '7']],
  'PhotoController@show': [['id', '7']],
  'PhotoController@edit': [['id', '7']],
  'PhotoController@update': [['id', '7']],
  'PhotoController@destroy': [['id', '7']],
};

/**
 * Catalog controllers that §5 lists under a capability their routes alone do not need: the check
 * reaches PhotoController's actions through plain get() routes, yet an adapter ports them for
 * `resources` (what `resource()` dispatches to), so they are its entries, not `routing`'s.
 */
const PORTED_FOR: Readonly<Record<string, Capability>> = { PhotoController: 'resources' };

/** Actions that read request data (StoreItemRequest, Item): reached with a POST of valid data. */
const POSTED: ReadonlySet<string> = new Set(['EchoController@withForm', 'EchoController@withModel']);

/** Data that StoreItemRequest and Item accept (protocol §4.4). */
const VALID_ITEM = { name: 'check', qty: 1 };

function actionEntries(): Entry[] {
  const entries: Entry[] = [];
  for (const [controller, actions] of Object.entries(CATALOG_ACTIONS)) {
    for (const action of actions) {
      const name = `${controller}@${action}`;
      const params = ACTION_PARAMS[name] ?? [];
      const posts = POSTED.has(name);
      entries.push({
        name,
        capabilities: ['routing', ...actionCapabilities(controller, action), ...(PORTED_FOR[controller] ? [PORTED_FOR[controller]] : [])],
        statement: (uri) => ({ method: posts ? 'POST' : 'GET', uri, handler: { controller, action } }),
        uri: params.map(([p]) => `/{${p}}`).join(''),
        path: params.map(([, v]) => `/${v}`).join(''),
        method: posts ? 'POST' : 'GET',
        ...(posts ? { json: VALID_ITEM } : {}),
      });
    }
  }
  return entries;
}

/** Middleware is reached through a group's `middleware` attribute, the `middleware` capability's own API. */
function middlewareEntries(): Entry[] {
  return CATALOG_MIDDLEWARE.map((name) => ({
    name,
    capabilities: ['middleware'],
    statement: (uri) => ({ group: { middleware: [name] }, routes: [{ method: 'GET', uri, handler: { closure: 'text', value: 'ok' } }] }),
    uri: '',
    path: '',
    method: 'GET',
  }));
}

const ENTRIES: readonly Entry[] = [...actionEntries(), ...middlewareEntries()];

/** The entries a capability is the last one needed for: each entry is checked under its most specific capability. */
function entriesOf(capability: Capability): Entry[] {
  return ENTRIES.filter((e) => owner(e) === capability);
}

function owner(entry: Entry): Capability {
  return entry.capabilities[entry.capabilities.length - 1]!;
}

function catalogCheck(capability: Capability): Check {
  const entries = entriesOf(capability);
  return {
    id: `catalog.${capability}`,
    section: '§4',
    title: `every catalog entry of "${capability}" is ported: ${summary(entries)}`,
    needs: [capability],
    alone: true,
    async run(ctx, f) {
      // Entries needing a second capability the adapter leaves out are not the adapter's to port yet.
      const due = entries.filter((e) => e.capabilities.every((c) => c === 'routing' || ctx.declares(c)));
      if (due.length === 0) return 'nothing to port under the declared capabilities';
      const manifest: Manifest = { protocol: 2, routeFiles: { web: due.map((e, i) => e.statement(`/fw-check/catalog/${i}${e.uri}`)) } };
      if (ctx.declares('named-routes')) manifest.routeFiles.web.push({ method: 'GET', uri: '/fw-check/catalog/target/{id}', handler: { closure: 'text', value: 'target' }, chain: [{ name: 'target' }] });
      const loaded = await loadApp(ctx, f, manifest);
      if (loaded === undefined) return undefined;
      const missing: string[] = [];
      // Sent as many at once as the adapter serves, read in the catalog's order.
      const answers = await atOnce([...due.entries()], ctx.width, ([i, e]) => ctx.probe.app(e.method, `/fw-check/catalog/${i}${e.path}`, loaded.app, e.json));
      for (const [i, e] of due.entries()) {
        const ex = answers[i]!;
        if (notPorted(ex)) {
          missing.push(e.name);
          if (missing.length === 1) f.see(ex);
        }
      }
      if (missing.length > 0) {
        f.fail(`§5: "${capability}" is declared, so its catalog entries must be ported; not ported yet (${missing.length} of ${due.length}): ${missing.join(', ')}`);
      }
      return `${due.length - missing.length} of ${due.length} entries ported`;
    },
  };
}

/** A stub's answer: the adapter's own error of kind not-ported. */
function notPorted(ex: ProbeExchange): boolean {
  return ex.response?.headers[HEADER_ERROR] === NOT_PORTED;
}

function summary(entries: Entry[]): string {
  const byController = new Map<string, number>();
  for (const e of entries) {
    const key = e.name.includes('@') ? e.name.split('@')[0]! : 'middleware';
    byController.set(key, (byController.get(key) ?? 0) + 1);
  }
  return [...byController].map(([k, n]) => (k === 'middleware' ? `${n} middleware` : `${k} (${n})`)).join(', ');
}

export const catalogChecks: Check[] = CAPABILITIES.filter((c) => entriesOf(c).length > 0).map(catalogCheck);
