import type { Fault } from '../Fault';

/**
 * Faults of shared mechanisms (issue 34, selftest/proxy/mechanisms.ts): each breaks one mechanism
 * that several rules stand on, as a framework nobody here wrote would. Each must be charged to the
 * rule of its mechanism, and read as one root cause however many rules show it; two at once must
 * give exactly two roots.
 */
export const FAULTS: Fault[] = [
  { id: 'mech-json-bools-as-ints', rule: 'conversion.json-types', description: 'the JSON serializer writes true and false as 1 and 0', proxy: 'json-bools-as-ints' },
  { id: 'mech-null-members-dropped', rule: 'conversion.json-types', description: 'the JSON serializer leaves out members whose value is null', proxy: 'null-members-dropped' },
  { id: 'mech-empty-json-empty-body', rule: 'conversion.empty-array', description: 'an empty array returned is taken for "nothing returned": an empty text/html 200', proxy: 'empty-json-empty-body' },
  { id: 'mech-paths-lower-cased', rule: 'params.case-sensitive', description: 'the router lower-cases the path before matching, route values included', proxy: 'paths-lower-cased' },
  { id: 'mech-redirects-as-302', rule: 'conversion.redirect-response', description: 'every redirect goes out as 302, whatever status its handler gave it', proxy: 'redirects-as-302' },
  { id: 'mech-statuses-forced-200', rule: 'conversion.response', description: 'every 2xx answer goes out as 200: the status a handler set is lost on the way out', proxy: 'statuses-forced-200' },
  { id: 'mech-custom-headers-dropped', rule: 'conversion.response', description: 'the headers a handler or a middleware sets are lost on the way out', proxy: 'custom-headers-dropped' },
  { id: 'mech-views-escaped-twice', rule: 'helpers.view-renders', description: 'views escape their data twice (&lt; becomes &amp;lt;)', proxy: 'views-escaped-twice' },
  { id: 'mech-url-segments-in-query', rule: 'url.fill-segments', description: 'the URL generator writes the entries of route segments into the query and leaves the segments empty', proxy: 'url-segments-in-query' },
  { id: 'mech-url-query-dropped', rule: 'url.query-string', description: 'the URL generator leaves out the query string', proxy: 'url-query-dropped' },
  { id: 'mech-default-constraint-spans-slashes', rule: 'params.default-constraint', description: 'a parameter without a constraint matches across "/" ({name} compiled as .+)', proxy: 'default-constraint-spans-slashes' },
  { id: 'mech-group-attributes-leak', rule: 'groups.scope', description: 'a group\'s prefix and middleware stay on for the routes registered after it', proxy: 'group-attributes-leak' },
  { id: 'mech-context-object-everywhere', rule: 'injection.route-param', description: 'every parameter an action declares, route value or class, receives one context object', proxy: 'context-object-everywhere' },
  {
    id: 'two-json-bools-and-lower-cased-paths', rule: 'conversion.json-types', also: ['params.case-sensitive'],
    description: 'two independent faults: JSON booleans written 1/0, and a router that lower-cases paths', proxy: 'json-bools-as-ints+paths-lower-cased',
  },
  {
    id: 'two-segments-in-query-and-302', rule: 'url.fill-segments', also: ['conversion.redirect-response'],
    description: 'two independent faults: segment entries written into the query, and every redirect a 302', proxy: 'url-segments-in-query+redirects-as-302',
  },
];

/** Held out: written after the blame mechanism was settled, run once as they are (selftest/proxy/mechanisms.ts). */
export const HELD_OUT: Fault[] = [
  { id: 'held-json-bools-as-strings', rule: 'conversion.json-types', description: 'the JSON serializer writes true and false as "true" and "false"', proxy: 'json-bools-as-strings' },
  { id: 'held-location-dropped', rule: 'conversion.redirect-response', description: 'redirects lose their Location header on the way out', proxy: 'location-dropped' },
  { id: 'held-text-trailing-newline', rule: 'conversion.string', description: 'text bodies go out with a newline appended', proxy: 'text-trailing-newline' },
  { id: 'held-url-query-values-upper-cased', rule: 'url.query-string', description: 'the URL generator upper-cases the values it writes into the query', proxy: 'url-query-values-upper-cased' },
  {
    id: 'held-two-location-dropped-and-bools-as-strings', rule: 'conversion.redirect-response', also: ['conversion.json-types'],
    description: 'two independent faults: redirects without Location, JSON booleans as strings', proxy: 'location-dropped+json-bools-as-strings',
  },
  // A second held-out batch, written after the first was measured and run once as written (stop 40).
  { id: 'held-text-html-as-plain', rule: 'conversion.string', description: 'text answers go out as text/plain instead of text/html', proxy: 'text-html-as-plain' },
  { id: 'held-json-labelled-html', rule: 'conversion.array', description: 'JSON answers go out with the content type text/html', proxy: 'json-labelled-html' },
  {
    id: 'held-two-text-as-plain-and-json-as-html', rule: 'conversion.string', also: ['conversion.array'],
    description: 'two independent faults: text answers as text/plain, JSON answers labelled text/html', proxy: 'text-html-as-plain+json-labelled-html',
  },
];
