/** TypeScript shapes of protocol-2 messages; the JSON Schemas in ../../schema are authoritative. */

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Handler =
  | { controller: string; action: string }
  | { closure: 'args' }
  | { closure: 'named' }
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
  protocol: 2;
  routeFiles: { web: Statement[]; [file: string]: Statement[] };
  bootstrap?: string[];
  providers?: string[];
}

export { CAPABILITIES, type Capability } from '../model/capability';
import type { Capability } from '../model/capability';

export interface Info {
  protocol: number;
  implementation: { name: string; version: string; language: string };
  capabilities: Capability[];
  /** The HTTP server in front of the adapter, when it answers or changes requests itself (§3.1). */
  server?: { name: string; limits: ServerLimit[] };
  /**
   * "per-request": every application request runs on an application built afresh from its manifest
   * (§2.2), so loaded applications can be shared by every scenario with the same manifest.
   */
  applications?: 'per-request' | 'persistent';
  /**
   * The adapter unloads the applications named in `X-Fw-Unload` when it loads another (§2.3): the
   * runner then sends an application's unloading with its next load instead of a DELETE.
   */
  unloadWithLoad?: boolean;
  /** The adapter answers several URL questions about one application in one call (POST /__fw/urls, §2.4.1). */
  urlBatches?: boolean;
  /**
   * How many application requests the adapter serves at once (§2.2): the runner runs up to that
   * many scenarios at once (run/cucumber/lanes). Absent: 1.
   */
  concurrency?: number;
  /**
   * What the framework calls handlers with (§2.2): the route parameters (the spec's shape, the
   * default), or one context object that holds them ("context": AdonisJS's HttpContext).
   */
  handlers?: 'parameters' | 'context';
  /** What the framework calls a group's closure with (§2.2): the router (the default), or nothing ("none"). */
  groupCallback?: 'router' | 'none';
}

/** Requests the server in front of an adapter decides about before the framework sees them (§3.1). */
export const SERVER_LIMITS = ['unknown-methods', 'absolute-form'] as const;
export type ServerLimit = (typeof SERVER_LIMITS)[number];

export type UrlParams = Record<string, string | number | boolean | null>;

export interface TypedValue {
  type: 'string' | 'int' | 'float' | 'bool' | 'null' | 'Request' | 'Clock' | 'Calendar' | 'StoreItemRequest' | 'Item';
  value: unknown;
}

export type EchoBody =
  | { action: string; params: Record<string, TypedValue>; ctor?: Record<string, TypedValue> }
  | { closure: 'args' | 'named'; args: TypedValue[] };

export const PROTOCOL_VERSION = 2;
export const CONTROL_PREFIX = '/__fw/';
export const HEADER_APP = 'x-fw-app';
export const HEADER_TRACE = 'x-fw-trace';
export const HEADER_ERROR = 'x-fw-error';
/** On POST /__fw/apps, to an adapter that declares `unloadWithLoad`: the ids to unload first (§2.3). */
export const HEADER_UNLOAD = 'x-fw-unload';
/** Optional (protocol §3.3): the framework's error behind an answer, added by the adapter. */
export const HEADER_EXCEPTION = 'x-fw-exception';
