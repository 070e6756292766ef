import type { Exchange } from '../../src/protocol/AdapterClient';
import { attribute } from '../../src/attribution/rules';
import { summarise } from '../../src/run/finish/summary';
import type { ScenarioResult } from '../../src/model/results';
import { REPORT_VERSION, requestStats, toReportScenario, type AdapterCheckSummary, type ConformanceReport } from '../../src/reports/model';
import { rule, scenario } from '../run/results';

export const TOKEN = 's3cr3t-token-0123456789';
export const XSS = '<script>alert("pwned")</script>';

const exchanges: Exchange[] = [
  { method: 'POST', path: '/__fw/apps', requestHeaders: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    requestBody: '{"protocol":2,"routeFiles":{"web":[{"method":"GET","uri":"/it\'s/{id:[0-9]+}","handler":{"closure":"args"}}]}}',
    status: 201, responseHeaders: { 'content-type': 'application/json' }, responseBody: '{"app":"a-17","routes":1}', durationMs: 2.5 },
  { method: 'GET', path: "/it's/7?q=a%20b&x=$HOME", requestHeaders: { 'x-fw-app': 'a-17', 'x-note': `say "hi" ${XSS}` },
    status: 200, responseHeaders: { 'content-type': 'text/html', 'x-fw-trace': 'closure:args' }, responseBody: `<p>${XSS}</p>`, durationMs: 1.25 },
  { method: 'POST', path: '/__fw/url', requestHeaders: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    requestBody: '{"app":"a-17","name":"users.show","params":{"id":7}}', status: 200, responseBody: '{"url":"/users/7"}', durationMs: 1 },
  { method: 'DELETE', path: '/__fw/apps/a-17', requestHeaders: { authorization: `Bearer ${TOKEN}` }, status: 204, durationMs: 0.5 },
];

export const EXCHANGES = exchanges;

export function sampleScenarios(): ScenarioResult[] {
  return [
    scenario('params-ok', 'passed', ['params.constraint-regex'], 'must', { timing: { requests: 3, durationsMs: [1, 2, 3] } }),
    scenario('params-xss', 'failed', ['params.constraint-regex'], 'must', {
      name: `a ${XSS} scenario | with a pipe`, message: `expected 404, got 200 ${XSS}\n  at stack`, step: 'the status is 404',
      repro: { manifest: { protocol: 2, routeFiles: { web: [] } }, exchanges }, timing: { requests: 4, durationsMs: [4, 5, 6, 100] },
    }),
    scenario('params-adapter', 'errored', ['params.anchored'], 'implied', { message: 'AdapterError: bad \u0001 control char' }),
    scenario('params-slow', 'timed-out', ['params.anchored'], 'implied'),
    scenario('groups-x', 'unsupported', ['groups.prefix'], 'must', { message: 'the target does not declare "groups"' }),
    scenario('errors-body', 'failed', ['errors.not-found', 'errors.body'], 'reference'),
    scenario('prop-regex', 'passed', ['params.constraint-regex'], 'must', { property: { property: 'regex-constraints', seed: 42, numRuns: 100 } }),
    scenario('skipped-one', 'skipped', ['errors.not-found'], 'must', { message: 'not run: undefined step "x"' }),
    scenario('named-ok', 'passed', ['named.name'], 'must'),
  ];
}

/** An adapter check with one check of each status; the failure quotes markup the adapter sent. */
export function sampleAdapterCheck(): AdapterCheckSummary {
  return {
    passed: 1, failed: 1, warnings: 1, notes: 0, skipped: 1, durationMs: 120,
    checks: [
      { id: 'info', section: '§2.2', title: 'GET /__fw/info answers 200 with a valid info message for protocol 2', status: 'pass', message: 'acme 1.2.3 (PHP), protocol 2', evidence: [] },
      { id: 'manifest.method', section: '§2.3', title: 'a manifest with a route with method "FETCH" gets 400 kind manifest', status: 'fail',
        message: `§2.3: POST /__fw/apps must answer 400 {"error":{"kind":"manifest","message":...}}; got 201 ${XSS} | piped\nsecond deviation`,
        evidence: [{ sent: 'POST /__fw/apps (with the token) {"protocol":2}', got: `201 content-type: "text/html" ${XSS}` }] },
      { id: 'boot-error', section: '§2.3', title: 'a route definition the framework rejects answers 422 kind boot', status: 'warn',
        message: 'the framework accepted the route "/fw-check/{broken"', evidence: [] },
      { id: 'url.generate', section: '§2.4', title: 'POST /__fw/url answers 200 {"url": ...}', status: 'skip', message: 'the adapter does not declare "url-generation" (§5)', evidence: [] },
    ],
  };
}

export function sampleReport(overrides: Partial<ConformanceReport> = {}): ConformanceReport {
  const scenarios = sampleScenarios();
  const defs = [rule('params.constraint-regex', 'must', 'Endpoints / Route parameters'), rule('params.anchored', 'implied', 'Endpoints / Route parameters'),
    rule('groups.prefix', 'must', 'Endpoints / Groups'), rule('errors.not-found', 'must', 'Errors'), rule('errors.body', 'reference', 'Errors'),
    rule('named.name', 'must', 'Endpoints / Named routes')];
  const attributed = attribute(defs, scenarios);
  const rules = attributed.rules;
  const stats = requestStats(scenarios);
  return {
    reportVersion: REPORT_VERSION,
    suite: { name: 'fw-conformance', version: '0.1.0', spec: 'routing-and-controllers.md' },
    implementation: { name: `acme ${XSS}`, version: '1.2.3', language: 'PHP' },
    protocol: 2,
    capabilities: ['routing'],
    target: { url: 'http://127.0.0.1:8080', start: null },
    seed: 42, numRuns: 100,
    options: { tags: null, rules: [], levels: [], expectations: null, updateExpectations: false, out: 'reports', path: null, oracle: null,
      requestTimeoutMs: 10000, scenarioTimeoutMs: null, startTimeoutMs: 30000, parallel: 0, failFast: false, coverage: false, skipAdapterCheck: false, profile: null },
    startedAt: '2025-01-01T00:00:00.000Z', finishedAt: '2025-01-01T00:00:10.000Z',
    complete: true, incompleteReason: null, verdict: 'fails', verdictReason: '3 of 4 must and implied rules do not pass',
    gate: { pass: false, reason: 'must or implied rules do not pass' },
    profile: { declared: ['routing'], missing: ['groups'], full: false, requested: null, untested: [], partlyTested: [] },
    rootCauses: attributed.rootCauses,
    expectations: null,
    adapterCheck: sampleAdapterCheck(),
    applications: { declared: 'per-request', claim: 'held', used: 'per-request', mixed: false, message: null },
    summary: summarise(rules, scenarios),
    rules,
    scenarios: scenarios.map((s) => toReportScenario(s, [TOKEN])),
    timing: { wallMs: 10000, suiteMs: 9000, requests: stats.requests, medianRequestMs: stats.median, p95RequestMs: stats.p95, method: 'test' },
    coverage: null,
    warnings: ['a warning with <b>markup</b>'],
    ...overrides,
  };
}
