/** TypeScript shapes of protocol-1 messages; the JSON Schemas in ../../schema are authoritative. */

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Handler =
  | { controller: string; action: string }
  | { closure: 'args' }
  | { closure: 'text'; value: string }
  | { closure: 'json'; value: unknown };

export type ChainCall = { middleware: string | string[] } | { name: string };

export interface RouteStatement {
  method: HttpVerb;
  uri: string;
  handler: Handler;
  chain?: ChainCall[];
}

export interface GroupStatement {
  group: { prefix?: string; middleware?: string[] };
  routes: Statement[];
}

export interface ResourceStatement {
  resource: string;
  controller: string;
}

export type Statement = RouteStatement | GroupStatement | ResourceStatement;

export interface Manifest {
  protocol: 1;
  routeFiles: { web: Statement[]; [file: string]: Statement[] };
  bootstrap?: string[];
  providers?: string[];
}

export const CAPABILITIES = [
  'routing', 'groups', 'resources', 'middleware', 'named-routes', 'url-generation', 'injection',
  'form-requests', 'models', 'views', 'base-controller', 'response-factory', 'route-files',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface Info {
  protocol: number;
  implementation: { name: string; version: string; language: string };
  capabilities: Capability[];
}

export type UrlParams = Record<string, string | number | boolean | null>;

export interface TypedValue {
  type: 'string' | 'int' | 'float' | 'bool' | 'null' | 'Request' | 'Clock' | 'StoreItemRequest' | 'Item';
  value: unknown;
}

export type EchoBody =
  | { action: string; params: Record<string, TypedValue>; ctor?: Record<string, TypedValue> }
  | { closure: 'args'; args: TypedValue[] };

export const PROTOCOL_VERSION = 1;
export const CONTROL_PREFIX = '/__fw/';
export const HEADER_APP = 'x-fw-app';
export const HEADER_TRACE = 'x-fw-trace';
export const HEADER_ERROR = 'x-fw-error';
