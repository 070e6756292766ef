import { REQUEST_TRANSFORMS, TRANSFORMS, urlAnswers, type ProxiedRequest, type ProxiedResponse } from './transforms';

/**
 * Faults of shared mechanisms (issue 34): each breaks one mechanism that several rules of the spec
 * stand on — the JSON serializer, the path the router reads, the URL generator, the statuses and
 * headers a response keeps — the way a framework nobody here wrote would, at the HTTP boundary.
 * One such fault must read as one root cause, whatever number of rules shows it.
 */

/** What the proxy does with an application request before the adapter sees it: another path, or an answer of its own. */
export type PathTransform = (req: ProxiedRequest) => { path: string } | { answer: ProxiedResponse };

export const PATH_TRANSFORMS: Record<string, PathTransform> = {
  /** The router lower-cases the request path before matching (the query is left alone). */
  'paths-lower-cased': (req) => ({ path: lowerPath(req.path) }),
  /**
   * A request whose path holds "~" crashes (500), as FastRoute does on a constraint holding its
   * regex delimiter: a fault the random search meets under some seeds only (the seed-proof test).
   */
  'tilde-crash': (req) => (/(~|%7e){2}/i.test(req.path)
    ? { answer: { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from('Internal Server Error') } }
    : { path: req.path }),
  /** A path ending in "/" is redirected (301) to the same path without it, before any routing. */
  'trailing-slash-redirected': (req) => {
    const [path, query] = splitQuery(req.path);
    if (path === '/' || !path.endsWith('/')) return { path: req.path };
    const location = `${path.replace(/\/+$/, '') || '/'}${query}`;
    return { answer: { status: 301, headers: { location, 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(`Redirecting to ${location}`) } };
  },
};

function splitQuery(path: string): [string, string] {
  const q = path.indexOf('?');
  return q === -1 ? [path, ''] : [path.slice(0, q), path.slice(q)];
}

function lowerPath(path: string): string {
  const [p, query] = splitQuery(path);
  return p.toLowerCase() + query;
}

function header(res: ProxiedResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function isJson(res: ProxiedResponse): boolean {
  return /application\/json/i.test(header(res, 'content-type') ?? '');
}

function parse(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function withBody(res: ProxiedResponse, body: Buffer, contentType?: string): ProxiedResponse {
  return { ...res, body, headers: { ...res.headers, 'content-length': String(body.length), ...(contentType !== undefined ? { 'content-type': contentType } : {}) } };
}

/** A JSON document rewritten value by value. */
function mapJson(value: unknown, f: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapJson(v, f));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const mapped = mapJson(v, f);
      if (mapped !== DROP) out[k] = mapped;
    }
    return out;
  }
  return f(value);
}
const DROP = Symbol('drop');

/** Application answers with a JSON body, rewritten. */
function jsonAnswers(f: (data: unknown, res: ProxiedResponse) => ProxiedResponse | unknown) {
  return (req: ProxiedRequest, res: ProxiedResponse): ProxiedResponse => {
    if (req.control || !isJson(res)) return res;
    const data = parse(res.body);
    if (data === undefined) return res;
    const out = f(data, res);
    return out !== null && typeof out === 'object' && 'status' in out && 'headers' in out && 'body' in out
      ? out as ProxiedResponse
      : withBody(res, Buffer.from(JSON.stringify(out)));
  };
}

Object.assign(TRANSFORMS, {
  /** The JSON serializer writes true and false as 1 and 0. */
  'json-bools-as-ints': jsonAnswers((data) => mapJson(data, (v) => (v === true ? 1 : v === false ? 0 : v))),
  /** The JSON serializer leaves out members whose value is null. */
  'null-members-dropped': jsonAnswers((data) => mapJson(data, (v) => (v === null ? DROP : v))),
  /** An empty JSON array or object is taken for "nothing returned": an empty text/html 200. */
  'empty-json-empty-body': jsonAnswers((data, res) => {
    const empty = (Array.isArray(data) && data.length === 0) || (data !== null && typeof data === 'object' && Object.keys(data).length === 0);
    return empty ? withBody(res, Buffer.alloc(0), 'text/html; charset=UTF-8') : data;
  }),
  /** Every redirect goes out as 302, whatever status the handler gave it. */
  'redirects-as-302': (req: ProxiedRequest, res: ProxiedResponse) => (req.control || res.status < 300 || res.status > 399 || res.status === 302 ? res : { ...res, status: 302 }),
  /** Every 2xx answer goes out as 200: the status the handler set is lost on the way out. */
  'statuses-forced-200': (req: ProxiedRequest, res: ProxiedResponse) => (req.control || res.status < 201 || res.status > 299 || res.status === 204 ? res : { ...res, status: 200 }),
  /** Headers a handler sets (X-*) are lost on the way out. */
  'custom-headers-dropped': (req: ProxiedRequest, res: ProxiedResponse) => {
    if (req.control) return res;
    const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !/^x-(?!fw-)/i.test(k)));
    return { ...res, headers };
  },
  /** Views escape their data twice (the template's escaping over data the view system escaped already). */
  'views-escaped-twice': (req: ProxiedRequest, res: ProxiedResponse) => {
    if (req.control || !/text\/html/i.test(header(res, 'content-type') ?? '')) return res;
    const text = res.body.toString('utf8');
    if (!/&(amp|lt|gt|quot|#0?39);/.test(text)) return res;
    return withBody(res, Buffer.from(text.replace(/&(amp|lt|gt|quot|#0?39);/g, '&amp;$1;')));
  },
  /** The URL generator writes the entries of route segments into the query, leaving each segment empty. */
  'url-segments-in-query': urlAnswers((url, params) => {
    const [path, query] = splitQuery(url);
    const segments = path.split('/');
    const moved: string[] = [];
    for (const [k, v] of Object.entries(params)) {
      const encoded = encodeURIComponent(String(v));
      const at = segments.findIndex((s, i) => i > 0 && (s === encoded || s === String(v)));
      if (at === -1 || query.includes(`${encodeURIComponent(k)}=`)) continue;
      segments[at] = '';
      moved.push(`${encodeURIComponent(k)}=${encoded}`);
    }
    const rest = query.replace(/^\?/, '');
    const all = [...moved, ...(rest === '' ? [] : [rest])].join('&');
    return `${segments.join('/')}${all === '' ? '' : `?${all}`}`;
  }),
  /** The URL generator leaves out the query string. */
  'url-query-dropped': urlAnswers((url) => splitQuery(url)[0]),
  /** Every parameter an action declares, a route value or a class (Request, Clock, a FormRequest, a Model), is one context object. */
  'context-object-everywhere': jsonAnswers((data) => {
    if (data === null || typeof data !== 'object' || Array.isArray(data) || !('action' in data)) return data;
    const echo = data as { params?: Record<string, unknown> };
    if (echo.params === null || typeof echo.params !== 'object') return data;
    const context = { type: 'Context', value: { params: 'ctx' } };
    return { ...echo, params: Object.fromEntries(Object.keys(echo.params).map((k) => [k, context])) };
  }),
});

/** A route statement of a manifest, as much of it as a rewrite reads. */
type Statement = { group?: { prefix?: string; middleware?: string[] }; routes?: Statement[]; uri?: string; [k: string]: unknown };

function manifestRewrite(req: ProxiedRequest, body: Buffer, f: (routeFiles: Record<string, Statement[]>) => void): Buffer {
  if (!req.control || req.method !== 'POST' || req.path !== '/__fw/apps') return body;
  try {
    const manifest = JSON.parse(body.toString('utf8')) as { routeFiles?: Record<string, Statement[]> };
    if (manifest.routeFiles !== undefined) f(manifest.routeFiles);
    return Buffer.from(JSON.stringify(manifest));
  } catch {
    return body;
  }
}

function everyUri(statements: Statement[], f: (uri: string) => string): void {
  for (const s of statements) {
    if (s.routes !== undefined) everyUri(s.routes, f);
    if (typeof s.uri === 'string') s.uri = f(s.uri);
  }
}

/** A group's attributes stay on after its closure: the statements after it are registered inside a copy of it. */
function leak(statements: Statement[]): Statement[] {
  const out: Statement[] = [];
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i]!;
    if (s.routes !== undefined) s.routes = leak(s.routes);
    out.push(s);
    if (s.group !== undefined && (s.group.prefix !== undefined || s.group.middleware !== undefined) && i + 1 < statements.length) {
      out.push({ group: { ...s.group }, routes: leak(statements.slice(i + 1)) });
      break;
    }
  }
  return out;
}

Object.assign(REQUEST_TRANSFORMS, {
  /** A parameter without a constraint matches across "/": {name} is compiled as {name:.+}. */
  'default-constraint-spans-slashes': (req: ProxiedRequest, body: Buffer) => manifestRewrite(req, body, (files) => {
    for (const statements of Object.values(files)) everyUri(statements, (uri) => uri.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, '{$1:.+}'));
  }),
  /** A group's prefix and middleware stay on for the routes registered after the group. */
  'group-attributes-leak': (req: ProxiedRequest, body: Buffer) => manifestRewrite(req, body, (files) => {
    for (const [name, statements] of Object.entries(files)) files[name] = leak(statements);
  }),
});

/**
 * Held out (issue 34): faults of shared mechanisms written after the blame mechanism was settled,
 * and run once against it as they are, to measure it on faults it was not built against.
 */
Object.assign(TRANSFORMS, {
  /** The JSON serializer writes true and false as the strings "true" and "false". */
  'json-bools-as-strings': jsonAnswers((data) => mapJson(data, (v) => (typeof v === 'boolean' ? String(v) : v))),
  /** Redirects lose their Location header on the way out. */
  'location-dropped': (req: ProxiedRequest, res: ProxiedResponse) => {
    if (req.control || res.status < 300 || res.status > 399) return res;
    const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => k.toLowerCase() !== 'location'));
    return { ...res, headers };
  },
  /** Text bodies go out with a newline appended. */
  'text-trailing-newline': (req: ProxiedRequest, res: ProxiedResponse) => {
    if (req.control || !/text\/html/i.test(header(res, 'content-type') ?? '') || res.body.length === 0) return res;
    return withBody(res, Buffer.concat([res.body, Buffer.from('\n')]));
  },
  /** Text answers go out labelled text/plain: the response's default content type is the wrong one. */
  'text-html-as-plain': (req: ProxiedRequest, res: ProxiedResponse) => {
    const type = header(res, 'content-type');
    if (req.control || type === undefined || !/text\/html/i.test(type)) return res;
    const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
    return { ...res, headers: { ...headers, 'content-type': type.replace(/text\/html/i, 'text/plain') } };
  },
  /** JSON answers go out labelled text/html: the serializer writes the body and forgets the header. */
  'json-labelled-html': (req: ProxiedRequest, res: ProxiedResponse) => {
    if (req.control || !isJson(res)) return res;
    const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
    return { ...res, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } };
  },
  /** The URL generator upper-cases the values it writes into the query. */
  'url-query-values-upper-cased': urlAnswers((url) => {
    const [path, query] = splitQuery(url);
    return query === '' ? url : `${path}?${new URLSearchParams([...new URLSearchParams(query.slice(1))].map(([k, v]): [string, string] => [k, v.toUpperCase()])).toString()}`;
  }),
});

Object.assign(REQUEST_TRANSFORMS, {
  /** Within each list of statements, routes are registered in reverse order (a router that prepends). */
  'routes-registered-in-reverse': (req: ProxiedRequest, body: Buffer) => manifestRewrite(req, body, (files) => {
    const reverse = (statements: Statement[]): Statement[] => [...statements].reverse().map((s) => (s.routes !== undefined ? { ...s, routes: reverse(s.routes) } : s));
    for (const [name, statements] of Object.entries(files)) files[name] = reverse(statements);
  }),
});
