import { stripConstraints } from '../../conformance-runner/src/attribution/features';
/** A response as the proxy holds it before sending it on. */
export interface ProxiedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  control: boolean;
  /** The body as the adapter received it (answer transforms only). */
  body?: Buffer;
}

export type Transform = (req: ProxiedRequest, res: ProxiedResponse) => ProxiedResponse;
/** A rewrite of what the runner sends, before the adapter sees it (a manifest the framework misreads). */
export type RequestTransform = (req: ProxiedRequest, body: Buffer) => Buffer;

function header(res: ProxiedResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function json(res: ProxiedResponse): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function withJson(res: ProxiedResponse, data: unknown): ProxiedResponse {
  const body = Buffer.from(JSON.stringify(data));
  return { ...res, body, headers: { ...res.headers, 'content-length': String(body.length) } };
}

/** Numbers become strings everywhere in a JSON document (a serializer that stringifies scalars). */
function stringifyNumbers(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(stringifyNumbers);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stringifyNumbers(v)]));
  return value;
}

/**
 * The URLs the control plane answers (POST /__fw/url, and each answer of a batch, POST /__fw/urls),
 * rewritten with their questions' parameters; every other member of an answer is kept.
 */
export function urlAnswers(f: (url: string, params: Record<string, unknown>) => string) {
  return (req: ProxiedRequest, res: ProxiedResponse): ProxiedResponse => {
    if (!req.control || res.status !== 200 || (req.path !== '/__fw/url' && req.path !== '/__fw/urls')) return res;
    const answer = json(res) as { url?: unknown; answers?: Array<{ url?: unknown }> } | undefined;
    const question = parseBody(req.body) as { params?: Record<string, unknown>; questions?: Array<{ params?: Record<string, unknown> }> } | undefined;
    if (req.path === '/__fw/url') {
      if (typeof answer?.url !== 'string') return res;
      return withJson(res, { ...answer, url: f(answer.url, question?.params ?? {}) });
    }
    if (!Array.isArray(answer?.answers)) return res;
    const answers = answer.answers.map((a, i) => (typeof a?.url === 'string' ? { ...a, url: f(a.url, question?.questions?.[i]?.params ?? {}) } : a));
    return withJson(res, { ...answer, answers });
  };
}

function parseBody(body: Buffer | undefined): unknown {
  try {
    return body === undefined ? undefined : JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Faults injected where a framework's answer leaves it: each models what a framework would send
 * with that defect. Application answers only (control answers are the adapter's), except where a
 * fault is about what the framework gives the adapter to pass on (URL generation).
 */
export const TRANSFORMS: Record<string, Transform> = {
  /** 405 answers without an Allow header. */
  'strip-allow': (req, res) => {
    if (req.control || res.status !== 405) return res;
    const headers = { ...res.headers };
    delete headers.allow;
    return { ...res, headers };
  },
  /** The URL generator answers absolute URLs (http://localhost/users/7) instead of paths. */
  'absolute-urls': urlAnswers((url) => `http://localhost${url}`),
  /** The JSON serializer writes every number as a string. */
  'numbers-as-strings': (req, res) => {
    if (req.control || !/application\/json/.test(header(res, 'content-type') ?? '')) return res;
    const data = json(res);
    return data === undefined ? res : withJson(res, stringifyNumbers(data));
  },
};

/** Every value under `key` anywhere in a JSON document, rewritten. */
function rewriteKey(value: unknown, key: string, f: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteKey(v, key, f));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === key ? f(rewriteKey(v, key, f)) : rewriteKey(v, key, f)]));
  }
  return value;
}

function manifestRewrite(req: ProxiedRequest, body: Buffer, f: (manifest: unknown) => unknown): Buffer {
  if (!req.control || req.method !== 'POST' || req.path !== '/__fw/apps') return body;
  try {
    return Buffer.from(JSON.stringify(f(JSON.parse(body.toString('utf8')))));
  } catch {
    return body;
  }
}

/** Faults in how a framework reads its routes, injected into the manifests the runner sends. */
export const REQUEST_TRANSFORMS: Record<string, RequestTransform> = {
  /** The router ignores constraints: {id:[0-9]+} is registered as {id}. */
  'constraints-ignored': (req, body) => manifestRewrite(req, body, (m) => rewriteKey(m, 'uri', (u) => (typeof u === 'string' ? stripConstraints(u) : u))),
  /** A middleware list (of a route or a group) runs in reverse order. */
  'reverse-middleware-lists': (req, body) => manifestRewrite(req, body, (m) => rewriteKey(m, 'middleware', (l) => (Array.isArray(l) ? [...l].reverse() : l))),
};

function echoRewrite(req: ProxiedRequest, res: ProxiedResponse, f: (echo: Record<string, unknown>) => unknown): ProxiedResponse {
  if (req.control || res.status < 200 || res.status > 299) return res;
  const data = json(res);
  if (data === null || typeof data !== 'object' || Array.isArray(data) || !('action' in data || 'closure' in data)) return res;
  return withJson(res, f(data as Record<string, unknown>));
}

function mapTyped(echo: Record<string, unknown>, f: (v: { type: string; value: unknown }) => unknown): Record<string, unknown> {
  const out = { ...echo };
  if (out.params !== null && typeof out.params === 'object') {
    out.params = Object.fromEntries(Object.entries(out.params as Record<string, { type: string; value: unknown }>).map(([k, v]) => [k, f(v)]));
  }
  if (Array.isArray(out.args)) out.args = (out.args as Array<{ type: string; value: unknown }>).map(f);
  return out;
}

Object.assign(TRANSFORMS, {
  /** Strings go out as text/plain instead of text/html. */
  'html-as-plain': (req: ProxiedRequest, res: ProxiedResponse) => {
    if (req.control || !/^text\/html/i.test(header(res, 'content-type') ?? '')) return res;
    return { ...res, headers: { ...res.headers, 'content-type': 'text/plain; charset=utf-8' } };
  },
  /** Route parameters are never cast: an int, float or bool parameter receives the URI text. */
  'never-cast': (req: ProxiedRequest, res: ProxiedResponse) => echoRewrite(req, res, (echo) => mapTyped(echo, (v) => (
    ['int', 'float', 'bool'].includes(v.type) && 'action' in echo ? { type: 'string', value: v.type === 'bool' ? (v.value ? '1' : '0') : String(v.value) } : v))),
  /** Actions receive one context object in place of each route parameter (scalar) they declare. */
  'context-object': (req: ProxiedRequest, res: ProxiedResponse) => echoRewrite(req, res, (echo) => (!('action' in echo) ? echo
    : mapTyped(echo, (v) => (['string', 'int', 'float', 'bool'].includes(v.type) ? { type: 'Context', value: { params: 'ctx' } } : v)))),
});

/**
 * Behaviours a framework may have without breaking a sentence of the spec (decision 57). Run
 * through the proxy, they must leave no must or implied root cause.
 */
const LARAVEL_KEEPS = [['%2F', '/'], ['%40', '@'], ['%3A', ':'], ['%3B', ';'], ['%2C', ','], ['%3D', '='], ['%2B', '+'], ['%21', '!'], ['%2A', '*'], ['%7C', '|'], ['%3F', '?'], ['%26', '&'], ['%23', '#'], ['%25', '%']] as const;

Object.assign(TRANSFORMS, {
  /** Redirects name their target with an absolute URL (http://localhost/target), as Laravel's do. */
  'absolute-location': (req: ProxiedRequest, res: ProxiedResponse) => {
    const location = header(res, 'location');
    if (req.control || location === undefined || !location.startsWith('/')) return res;
    return { ...res, headers: { ...res.headers, location: `http://localhost${location}` } };
  },
  /** Models and FormRequests cast qty to an integer and hold every declared field, null when absent. */
  'model-casts': (req: ProxiedRequest, res: ProxiedResponse) => echoRewrite(req, res, (echo) => mapTyped(echo, (v) => {
    if ((v.type !== 'Item' && v.type !== 'StoreItemRequest') || v.value === null || typeof v.value !== 'object') return v;
    const data = v.value as Record<string, unknown>;
    const qty = typeof data.qty === 'string' && /^-?[0-9]+$/.test(data.qty) ? Number(data.qty) : data.qty;
    return { ...v, value: { name: null, ...data, qty: qty ?? null } };
  })),
  /** Generated paths keep the characters Laravel's UrlGenerator un-escapes (? # % & = + …). */
  'laravel-path-encoding': urlAnswers((url) => {
    const q = url.indexOf('?');
    let path = q === -1 ? url : url.slice(0, q);
    for (const [escaped, raw] of LARAVEL_KEEPS) path = path.split(escaped).join(raw);
    return path + (q === -1 ? '' : url.slice(q));
  }),
});

/**
 * A dodge (issue 18, gate faults): the adapter stops declaring factory-api and answers every
 * manifest with a constraint `501 unsupported` naming it, although no such manifest needs it. Held
 * to its declared profile, the run must still fail: the 501 is an adapter error, not "unsupported".
 */
Object.assign(TRANSFORMS, {
  'dodge-constraints-501': (req: ProxiedRequest, res: ProxiedResponse) => {
    if (req.control && req.method === 'GET' && req.path === '/__fw/info' && res.status === 200) {
      const info = json(res) as { capabilities?: unknown } | undefined;
      if (!Array.isArray(info?.capabilities)) return res;
      return withJson(res, { ...info, capabilities: info.capabilities.filter((c) => c !== 'factory-api') });
    }
    if (!req.control || req.method !== 'POST' || req.path !== '/__fw/apps' || !/\{[A-Za-z_][A-Za-z0-9_]*:/.test(req.body?.toString('utf8') ?? '')) return res;
    return withJson({ ...res, status: 501 }, { error: { kind: 'unsupported', capability: 'factory-api', message: 'constraints need factory-api here' } });
  },
});

/** Int parameters of actions, rewritten: a cast that misses some values (gate faults). */
function uncastInts(which: (value: unknown) => boolean): Transform {
  return (req, res) => echoRewrite(req, res, (echo) => ('action' in echo ? mapTyped(echo, (v) => (v.type === 'int' && which(v.value) ? { type: 'string', value: String(v.value) } : v)) : echo));
}

Object.assign(TRANSFORMS, {
  /** An int parameter holding 0 reaches the action as the text "0" (a truthiness test before the cast). */
  'zero-int-uncast': uncastInts((v) => v === 0),
  /** Int parameters are never cast (float and bool ones are). */
  'never-cast-int': uncastInts(() => true),
});

