import type { Finding } from '../../model/finding';
import type { Manifest, Statement } from '../../protocol/manifest';
import { dispatchModel, flattenManifest } from '../../properties/model/routeTable';
import { manifestRules, stripConstraints } from '../features';

/** What the answer itself shows of the route that took the request, whatever the assertion compared: values, Allow. */

/**
 * What the answer itself shows of the route that took the request, whatever the assertion
 * compared: a route value holding "/" from a manifest whose parameters have no constraint (one
 * took more than its segment), a route value that is its segment of the request lower- or
 * upper-cased (the path was read case-folded).
 */
export function answerEvidence(f: Finding, manifest: Manifest | undefined): string[] {
  const values = f.echoValues ?? [];
  if (values.length === 0 || manifest === undefined) return [];
  const out: string[] = [];
  const reach = manifestRules(manifest).reach;
  if (reach.includes('params.segment') && values.some((v) => v.includes('/'))) out.push('params.default-constraint');
  const path = /^[A-Z]+ (\S+)$/.exec(f.request ?? '')?.[1]?.split('?')[0];
  if (path !== undefined) {
    const segments = path.split('/').map((x) => { try { return decodeURIComponent(x); } catch { return x; } });
    const folded = values.some((v) => !segments.includes(v) && segments.some((s) => s !== v && (s.toLowerCase() === v || s.toUpperCase() === v)));
    if (folded) out.push('params.case-sensitive');
  }
  return out;
}

/**
 * An Allow that lists a method the manifest gives this path only if a parameter without a
 * constraint matched across "/" (the manifest's routes tested with each {name} as ".+").
 */
export function spanLetThrough(allow: string | undefined, f: Finding, manifest: Manifest | undefined): boolean {
  const m = /^[A-Z]+ (\S+)$/.exec(f.request ?? '');
  if (allow === undefined || manifest === undefined || m === null) return false;
  const path = m[1]!.split('?')[0]!;
  const listed = allow.split(',').map((x) => x.trim().toUpperCase());
  let routes;
  try {
    routes = flattenManifest(manifest);
  } catch {
    return false;
  }
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const spanning = new Set<string>();
  const strict = new Set<string>();
  for (const r of routes) {
    const source = r.segments.map((s) => (s.kind === 'static' ? escape(s.text) : s.constraint !== undefined ? `(?:${s.constraint})` : '[^/]+')).join('/');
    const wide = r.segments.map((s) => (s.kind === 'static' ? escape(s.text) : s.constraint !== undefined ? `(?:${s.constraint})` : '.+')).join('/');
    try {
      if (new RegExp(`^/${source}$`).test(path)) strict.add(r.method);
      if (new RegExp(`^/${wide}$`).test(path)) spanning.add(r.method);
    } catch {
      return false;
    }
  }
  return listed.some((x) => spanning.has(x) && !strict.has(x));
}

/** Allow lists a method that the manifest gives this path only when its constraints are ignored. */
export function constraintLetThrough(f: Finding, manifest: Manifest | undefined): boolean {
  const m = /^[A-Z]+ (\S+)$/.exec(f.request ?? '');
  if (!manifest || m === null || typeof f.actual !== 'string') return false;
  const listed = f.actual.split(',').map((x) => x.trim().toUpperCase());
  const allowed = (man: Manifest): string[] => {
    try {
      const outcome = dispatchModel(flattenManifest(man), 'NONE', m[1]!.split('?')[0]!);
      return outcome.status === 405 ? outcome.allow : [];
    } catch {
      return [];
    }
  };
  const strict = allowed(manifest);
  const loose = allowed(withoutConstraints(manifest));
  return listed.some((x) => !strict.includes(x as never) && loose.includes(x as never));
}

/** The manifest with every {name:regex} written {name}. */
function withoutConstraints(manifest: Manifest): Manifest {
  const visit = (statements: Statement[]): Statement[] => statements.map((s) => ('group' in s ? { ...s, routes: visit(s.routes) } : 'method' in s ? { ...s, uri: stripConstraints(s.uri) } : s));
  return { ...manifest, routeFiles: Object.fromEntries(Object.entries(manifest.routeFiles).map(([k, v]) => [k, visit(v)])) as Manifest['routeFiles'] };
}

/** Methods the manifest registers that a 405's Allow leaves out: their registration stood under it. */
export function missingVerbs(f: Finding, manifest: Manifest | undefined): string[] {
  if (!manifest || typeof f.expected !== 'string') return [];
  const listed = typeof f.actual === 'string' ? f.actual.split(',').map((m) => m.trim().toUpperCase()) : [];
  const wanted = f.expected.split(',').map((m) => m.trim().toUpperCase()).filter((m) => m !== '');
  return wanted.filter((m) => !listed.includes(m)).map((m) => `registration.${m.toLowerCase()}`);
}
