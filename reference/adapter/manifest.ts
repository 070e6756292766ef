/**
 * Protocol-2 manifest shapes (conformance-runner/schema/manifest.schema.json). The adapter keeps its own copy instead of importing the runner's:
 * a third-party adapter has no access to the runner either, and the JSON Schema is the contract.
 */
export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Handler =
  | { controller: string; action: string }
  | { closure: 'args' }
  | { closure: 'named' }
  | { closure: 'text'; value: string }
  | { closure: 'json'; value: unknown };

export type ChainCall = { middleware: string | string[] } | { name: string };

export interface RouteStatement { method: HttpVerb; uri: string; handler: Handler; chain?: ChainCall[] }
export interface GroupStatement { group: { prefix?: string; middleware?: string[] }; routes: Statement[] }
export interface ResourceStatement { resource: string; controller: string }
export type Statement = RouteStatement | GroupStatement | ResourceStatement;

export interface Manifest {
  protocol: 2;
  routeFiles: { web: Statement[]; [file: string]: Statement[] };
  bootstrap?: string[];
  providers?: string[];
}
