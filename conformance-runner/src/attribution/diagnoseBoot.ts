import { CATALOG_MIDDLEWARE, isCatalogAction } from '../protocol/catalog';
import type { GroupStatement, Manifest, RouteStatement, Statement } from '../protocol/manifest';

/** The definition a framework refused to boot, and the rule of the spec it belongs to. */
export interface BootDiagnosis {
  rule: string;
  /** The refused definition, in words ("the chain call ->middleware('TraceA') of GET /chain"). */
  definition: string;
}

/** Loads a manifest and unloads it again: true when the application booted. */
export type TryBoot = (manifest: Manifest) => Promise<boolean>;

const PROBE: RouteStatement = { method: 'GET', uri: '/fw-diagnosis', handler: { closure: 'text', value: 'diagnosis' } };

/**
 * Narrows a valid manifest that the framework refused to boot down to the definition it refuses,
 * by booting smaller manifests: the route files, then each statement alone (inside its groups),
 * then the parts of the statement (chain calls, handler, constraints, group attributes). The
 * refusal is then a failure of that definition's rule — not an adapter error, and not a failure of
 * every rule whose scenario happened to contain it. Undefined when the refusal needs several
 * statements together (the scenario is about that combination) or the manifest names things
 * outside the probe catalog (how a framework treats unknown names is a choice the spec leaves open).
 */
export async function diagnoseBoot(manifest: Manifest, tryBoot: TryBoot): Promise<BootDiagnosis | undefined> {
  const files = ['web', ...(manifest.bootstrap ?? []), ...(manifest.providers ?? [])];
  const statements = files.flatMap((f) => manifest.routeFiles[f] ?? []);
  if (!statements.every(usesCatalogOnly)) return undefined;
  const boots = (web: Statement[]) => tryBoot({ protocol: 2, routeFiles: { web } });

  if (files.length > 1 && await boots(statements)) {
    // Every definition boots from routes/web: loading the other files is what fails.
    const viaProviders = (manifest.providers?.length ?? 0) > 0;
    const bootstrapOnly: Manifest = { protocol: 2, routeFiles: { web: [...(manifest.routeFiles.web ?? []), ...(manifest.providers ?? []).flatMap((f) => manifest.routeFiles[f] ?? [])] } };
    for (const f of manifest.bootstrap ?? []) bootstrapOnly.routeFiles[f] = manifest.routeFiles[f] ?? [];
    if ((manifest.bootstrap?.length ?? 0) > 0) bootstrapOnly.bootstrap = [...manifest.bootstrap!];
    const bootstrapFails = (manifest.bootstrap?.length ?? 0) > 0 && !(await tryBoot(bootstrapOnly));
    return bootstrapFails || !viaProviders
      ? { rule: 'files.bootstrap', definition: 'route files loaded by the bootstrap sequence' }
      : { rule: 'files.provider', definition: 'route files loaded from a service provider' };
  }
  for (const s of statements) {
    if (!(await boots([s]))) return narrow(s, [], boots);
  }
  return undefined;
}

type Wrap = (inner: Statement) => Statement;

async function narrow(s: Statement, wrappers: GroupStatement['group'][], boots: (web: Statement[]) => Promise<boolean>): Promise<BootDiagnosis> {
  const wrap: Wrap = (inner) => wrappers.reduceRight<Statement>((acc, group) => ({ group, routes: [acc] }), inner);
  const where = wrappers.length > 0 ? ` (in a group)` : '';
  if ('resource' in s) return { rule: 'resources.routes', definition: `the resource '${s.resource}'${where}` };
  if ('group' in s) {
    const shell = async (group: GroupStatement['group']) => boots([wrap({ group, routes: [PROBE] })]);
    if (!(await shell(s.group))) {
      if (!(await shell({}))) return { rule: 'groups.closure-router', definition: `a group()${where}: its closure` };
      if (s.group.prefix !== undefined && !(await shell({ prefix: s.group.prefix }))) {
        return { rule: wrappers.some((g) => g.prefix !== undefined) ? 'groups.nested-prefix' : 'groups.prefix', definition: `the group prefix '${s.group.prefix}'${where}` };
      }
      return { rule: wrappers.some((g) => g.middleware !== undefined) ? 'groups.nested-middleware' : 'groups.middleware', definition: `the group middleware ${JSON.stringify(s.group.middleware ?? [])}${where}` };
    }
    for (const inner of s.routes) {
      if (!(await boots([wrap({ group: s.group, routes: [inner] })]))) return narrow(inner, [...wrappers, s.group], boots);
    }
    return { rule: 'groups.closure-router', definition: `a group()${where} with ${s.routes.length} statements` };
  }
  const route = `${s.method} ${s.uri}${where}`;
  const bare: RouteStatement = { method: s.method, uri: s.uri, handler: s.handler };
  if (await boots([wrap(bare)])) {
    for (const call of s.chain ?? []) {
      if (await boots([wrap({ ...bare, chain: [call] })])) continue;
      if ('name' in call) return { rule: 'named.name', definition: `the chain call ->name('${call.name}') of ${route}` };
      const array = Array.isArray(call.middleware);
      return { rule: array ? 'registration.middleware-array' : 'registration.middleware-string', definition: `the chain call ->middleware(${JSON.stringify(call.middleware)}) of ${route}` };
    }
    const first = s.chain?.[0];
    return { rule: first && 'name' in first ? 'registration.chain-name-then-middleware' : 'registration.chain-middleware-then-name', definition: `the chain of ${route}` };
  }
  const text: RouteStatement = { method: s.method, uri: s.uri, handler: PROBE.handler };
  if (await boots([wrap(text)])) {
    const h = s.handler;
    if ('controller' in h) return { rule: 'registration.controller-handler', definition: `the handler [${h.controller}::class, '${h.action}'] of ${route}` };
    return { rule: h.closure === 'args' || h.closure === 'named' ? 'registration.closure-positional' : 'registration.closure-direct', definition: `the ${h.closure} closure of ${route}` };
  }
  const unconstrained = s.uri.replace(/\{([^}:]+):(?:[^{}]|\{[^{}]*\})*\}/g, '{$1}');
  if (unconstrained !== s.uri && await boots([wrap({ ...text, uri: unconstrained })])) {
    return { rule: 'params.constraint-regex', definition: `the constraint of ${route}` };
  }
  const literal = unconstrained.replace(/\{[^}]*\}/g, 'p');
  if (literal !== unconstrained && await boots([wrap({ ...text, uri: literal })])) {
    return { rule: 'params.segment', definition: `the parameters of ${route}` };
  }
  return { rule: `registration.${s.method.toLowerCase()}`, definition: `$router->${s.method.toLowerCase()}('${s.uri}', ...)${where}` };
}

function usesCatalogOnly(s: Statement): boolean {
  if ('group' in s) return (s.group.middleware ?? []).every((m) => CATALOG_MIDDLEWARE.includes(m)) && s.routes.every(usesCatalogOnly);
  if ('resource' in s) return s.controller === 'PhotoController';
  if ('controller' in s.handler && !isCatalogAction(s.handler.controller, s.handler.action)) return false;
  return (s.chain ?? []).every((call) => 'name' in call || (Array.isArray(call.middleware) ? call.middleware : [call.middleware]).every((m) => CATALOG_MIDDLEWARE.includes(m)));
}
