/**
 * What an implementation may support beyond routing (adapter protocol §5): the scenarios that need a
 * capability the target does not declare are reported unsupported.
 */
/** Every capability of protocol 2, in the order of §5: together they are the full profile. */
export const CAPABILITIES = [
  'routing', 'groups', 'middleware', 'route-middleware', 'resources', 'named-routes', 'url-generation',
  'injection', 'form-requests', 'models', 'views', 'base-controller', 'factory-content',
  'factory-redirects', 'factory-api', 'route-files',
] as const;
export type Capability = (typeof CAPABILITIES)[number];
