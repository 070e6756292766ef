/**
 * Manifests with exactly one fault each, and the pointer manifest.schema.json reports for it
 * (protocol §2.3). The schema tests check the schema against it; the PHP skeleton test checks the
 * guide's hand-written validator against it.
 */
export const text = (value: string) => ({ closure: 'text', value });
export const route = (extra: Record<string, unknown> = {}) => ({ method: 'GET', uri: '/x', handler: text('x'), ...extra });
export const manifest = (web: unknown[], extra: Record<string, unknown> = {}) => ({ protocol: 2, routeFiles: { web }, ...extra });

export const BAD_MANIFESTS: [what: string, manifest: unknown, pointer: string][] = [
  ['not an object', [], ''],
  ['protocol 1', { protocol: 1, routeFiles: { web: [] } }, '/protocol'],
  ['no web route file', { protocol: 2, routeFiles: { admin: [] } }, '/routeFiles'],
  ['a route file name with capitals', { protocol: 2, routeFiles: { web: [], Admin: [] } }, '/routeFiles'],
  ['an unknown top-level member', manifest([], { extra: true }), ''],
  ['an unknown method', manifest([route({ method: 'FETCH' })]), '/routeFiles/web/0/method'],
  ['a lower-case method', manifest([route(), route({ method: 'get' })]), '/routeFiles/web/1/method'],
  ['a uri that is not a string', manifest([route({ uri: 5 })]), '/routeFiles/web/0/uri'],
  ['a uri under /__fw/', manifest([route({ uri: '/__fw/info' })]), '/routeFiles/web/0/uri'],
  ['a uri __fw without slash', manifest([route({ uri: '__fw' })]), '/routeFiles/web/0/uri'],
  ['a group prefix under /__fw', manifest([{ group: { prefix: '/__fw' }, routes: [route()] }]), '/routeFiles/web/0/group/prefix'],
  ['a route inside a group under /__fw/', manifest([{ group: {}, routes: [route({ uri: '/__fw/x' })] }]), '/routeFiles/web/0/routes/0/uri'],
  ['group middleware as a string', manifest([{ group: { middleware: 'TraceA' }, routes: [] }]), '/routeFiles/web/0/group/middleware'],
  ['an unknown group attribute', manifest([{ group: { as: 'admin.' }, routes: [] }]), '/routeFiles/web/0/group'],
  ['a group without routes', manifest([{ group: {} }]), '/routeFiles/web/0'],
  ['an empty resource name', manifest([{ resource: '', controller: 'PhotoController' }]), '/routeFiles/web/0/resource'],
  ['an unknown closure kind', manifest([route({ handler: { closure: 'lambda' } })]), '/routeFiles/web/0/handler/closure'],
  ['a text closure without value', manifest([route({ handler: { closure: 'text' } })]), '/routeFiles/web/0/handler'],
  ['a text closure with a number', manifest([route({ handler: { closure: 'text', value: 1 } })]), '/routeFiles/web/0/handler/value'],
  ['an args closure with a value', manifest([route({ handler: { closure: 'args', value: 1 } })]), '/routeFiles/web/0/handler'],
  ['a controller handler without action', manifest([route({ handler: { controller: 'EchoController' } })]), '/routeFiles/web/0/handler'],
  ['a middleware that is a number', manifest([route({ chain: [{ middleware: 5 }] })]), '/routeFiles/web/0/chain/0/middleware'],
  ['a name that is a number', manifest([route({ chain: [{ middleware: 'TraceA' }, { name: 42 }] })]), '/routeFiles/web/0/chain/1/name'],
  ['an empty chain call', manifest([route({ chain: [{}] })]), '/routeFiles/web/0/chain/0'],
  ['a chain call with two members', manifest([route({ chain: [{ name: 'a', middleware: 'TraceA' }] })]), '/routeFiles/web/0/chain/0'],
  ['web in bootstrap', manifest([], { bootstrap: ['web'] }), '/bootstrap/0'],
  ['a provider file listed twice', { protocol: 2, routeFiles: { web: [], a: [] }, providers: ['a', 'a'] }, '/providers'],
  // Found missing in an adapter's hand-written checks (Lumen): each one let a bad manifest through.
  ['a chain that is not an array', manifest([route({ chain: 'x' })]), '/routeFiles/web/0/chain'],
  ['group middleware with a number', manifest([{ group: { middleware: [3] }, routes: [] }]), '/routeFiles/web/0/group/middleware/0'],
  ['group middleware with an empty name', manifest([{ group: { middleware: [''] }, routes: [] }]), '/routeFiles/web/0/group/middleware/0'],
  ['an empty resource controller', manifest([{ resource: 'photos', controller: '' }]), '/routeFiles/web/0/controller'],
  ['an empty controller action', manifest([route({ handler: { controller: 'EchoController', action: '' } })]), '/routeFiles/web/0/handler/action'],
  ['an empty chained middleware', manifest([route({ chain: [{ middleware: '' }] })]), '/routeFiles/web/0/chain/0/middleware'],
  ['a bootstrap name that is not a file name', { protocol: 2, routeFiles: { web: [], a: [] }, bootstrap: ['A b'] }, '/bootstrap/0'],
  ];
