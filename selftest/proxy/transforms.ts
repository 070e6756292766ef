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
}

export type Transform = (req: ProxiedRequest, res: ProxiedResponse) => ProxiedResponse;

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
  'absolute-urls': (req, res) => {
    if (!req.control || req.path !== '/__fw/url' || res.status !== 200) return res;
    const data = json(res) as { url?: unknown } | undefined;
    if (typeof data?.url !== 'string') return res;
    return withJson(res, { url: `http://localhost${data.url}` });
  },
  /** The JSON serializer writes every number as a string. */
  'numbers-as-strings': (req, res) => {
    if (req.control || !/application\/json/.test(header(res, 'content-type') ?? '')) return res;
    const data = json(res);
    return data === undefined ? res : withJson(res, stringifyNumbers(data));
  },
};
