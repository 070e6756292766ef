import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { loadSupport } from '@cucumber/cucumber/api';
import type { Manifest } from '../../src/protocol';
import { PROPERTIES } from '../../src/properties';
import { shellQuote } from '../../src/config/shellQuote';
import { curlCommands } from '../../src/properties/printer/curl';
import { printGherkin, type CounterexampleScenario } from '../../src/properties/printer/gherkin';
import { phpString, printRoutes } from '../../src/properties/printer/notation';
import type { Check } from '../../src/properties/engine/plan';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The features' own notation parser: printed routes must compile back to the same manifest. */
function featureParser(): (source: string) => unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(path.join(ROOT, 'steps/support/notation/parser')) as { parseRoutes: (s: string) => unknown }).parseRoutes;
}

test('printed routes parse back to the same statements with the features\' notation parser', () => {
  const parseRoutes = featureParser();
  for (const def of PROPERTIES.values()) {
    fc.assert(fc.property(def.arbitrary(), (value) => {
      const manifest = def.plan(value).manifest;
      assert.deepEqual(parseRoutes(printRoutes(manifest.routeFiles.web)), manifest.routeFiles.web);
    }), { seed: 11, numRuns: 60 });
  }
});

test('PHP strings escape only backslash and quote', () => {
  assert.equal(phpString("\\d+'x"), "'\\\\d+\\'x'");
  assert.equal(phpString('[a-z]{2,}'), "'[a-z]{2,}'");
});

const manifest: Manifest = {
  protocol: 2,
  routeFiles: {
    web: [
      { method: 'GET', uri: '/r0/{p0:\\d{2,}}/a.b', handler: { closure: 'args' } },
      { group: { prefix: '/admin' }, routes: [{ method: 'POST', uri: '/x', handler: { closure: 'text', value: "t'0" }, chain: [{ name: 'n.t0' }] }] },
      { resource: 'photos', controller: 'PhotoController' },
    ],
  },
};

const checks: Check[] = [
  { kind: 'request', method: 'GET', path: '/r0/12/a.b', expect: { status: 200, body: { kind: 'args', values: ['12'] }, route: 'GET /r0/{p0:\\d{2,}}/a.b' }, rule: 'params.constraint-regex' },
  { kind: 'request', method: 'PUT', path: '/admin/x', expect: { status: 405, allow: ['POST'] }, rule: 'errors.method-not-allowed' },
  { kind: 'request', method: 'GET', path: '/nope', expect: { status: 404 }, rule: 'errors.not-found' },
  { kind: 'request', method: 'POST', path: '/admin/x', expect: { status: 200, body: { kind: 'text', value: "t'0" }, route: 'POST /admin/x' }, rule: 'groups.prefix' },
  { kind: 'request', method: 'GET', path: '/photos/7', expect: { status: 200, body: { kind: 'echo', action: 'PhotoController@show', params: { id: { type: 'string', value: '7' } } }, route: 'GET /photos/{id}' }, rule: 'resources.routes' },
  {
    kind: 'url', name: 'n.t0', params: { q: 'a b', page: 2 },
    expect: { segments: ['admin', 'x'], args: [], query: [['q', 'a b'], ['page', '2']] },
    follow: { method: 'POST', expect: { status: 200, body: { kind: 'text', value: "t'0" }, route: 'POST /admin/x' } }, rule: 'named.name',
  },
  {
    kind: 'url', name: 'photos.show', params: { id: 'a/b "c"' },
    expect: { segments: ['photos', 'a/b "c"'], args: ['a/b "c"'], query: [] },
    follow: { method: 'GET', expect: { status: 200, body: { kind: 'echo', action: 'PhotoController@show', params: { id: { type: 'string', value: 'a/b "c"' } } }, route: 'GET /photos/{id}' } }, rule: 'resources.names',
  },
];

const scenario: CounterexampleScenario = {
  property: 'regex-constraints', scenarioId: 'params-property-regex-constraints', rules: ['params.constraint-regex'],
  capabilities: ['groups'], origin: { seed: 42, path: '3:1:0' }, caseId: 'c0123456789ab', manifest,
  failing: checks.map((check) => ({ check, messages: ['expected 200; got 404\nwith a body'] })),
};

function parseFeature(text: string) {
  const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
  return parser.parse(`Feature: printed\n\n${text.split('\n').map((l) => `  ${l}`).join('\n')}\n`);
}

test('the counterexample is a valid Gherkin scenario with its tags, routes and one step pair per failing check', () => {
  const text = printGherkin(scenario);
  const doc = parseFeature(text);
  const child = doc.feature!.children[0]!;
  assert.ok(child.scenario);
  const tags = child.scenario.tags.map((t) => t.name);
  assert.deepEqual(tags, [
    '@id:params-counterexample-regex-constraints-c0123456789ab',
    '@rule:params.constraint-regex', '@rule:errors.method-not-allowed', '@rule:errors.not-found', '@rule:groups.prefix',
    '@rule:resources.routes', '@rule:named.name', '@rule:resources.names', '@capability:groups',
  ]);
  const steps = child.scenario.steps;
  assert.equal(steps[0]!.text, 'the routes:');
  assert.deepEqual(featureParser()(steps[0]!.docString!.content), manifest.routeFiles.web);
  assert.match(text, /Replay it with: --seed 42 --path "3:1:0"/);
  const texts = steps.map((s) => s.text);
  assert.ok(texts.includes('I request GET "/r0/12/a.b"'));
  assert.ok(texts.includes('the closure received the strings "12"'));
  assert.ok(texts.includes('the Allow header lists exactly "POST"'));
  assert.ok(texts.includes('the status is 404'));
  assert.ok(texts.includes('the body is "t\'0"'));
  assert.ok(texts.includes('the URL has the path "/admin/x" and the query:'));
  assert.ok(texts.includes('I request POST the generated URL'));
  assert.ok(!texts.some((t) => t.startsWith('the URL is "/photos/')), 'no exact URL when a value needs encoding');
  assert.ok(text.includes('# expected 200; got 404 with a body'));
});

test('every printed step matches exactly one step definition of the suite (steps/**)', async () => {
  const files = execFileSync('find', [path.join(ROOT, 'steps'), '-name', '*.ts'], { encoding: 'utf8' }).trim().split('\n');
  const library = await loadSupport({
    sources: { paths: [], defaultDialect: 'en', names: [], tagExpression: '', order: 'defined' },
    support: { requireModules: [], requirePaths: files, importPaths: [] },
  }, { cwd: ROOT }) as unknown as { stepDefinitions: Array<{ matchesStepName(s: string): boolean }> };
  const doc = parseFeature(printGherkin(scenario) + '\n' + printGherkin({ ...scenario, failing: [{ messages: ['boot failed'] }] }));
  for (const child of doc.feature!.children) {
    for (const step of child.scenario!.steps) {
      const matching = library.stepDefinitions.filter((d) => d.matchesStepName(step.text));
      assert.equal(matching.length, 1, `"${step.text}" matches ${matching.length} step definitions`);
    }
  }
});

test('shell quoting survives quotes and metacharacters', () => {
  assert.equal(shellQuote("it's $HOME"), "'it'\\''s $HOME'");
  const echoed = execFileSync('sh', ['-c', `printf %s ${shellQuote("a'b\"c$d`e")}`], { encoding: 'utf8' });
  assert.equal(echoed, "a'b\"c$d`e");
});

test('curl commands save the manifest, load it with the token variable, and send raw paths with X-Fw-App', () => {
  const text = curlCommands('http://127.0.0.1:8182/', manifest, checks);
  const json = /<<'JSON'\n([\s\S]*?)\nJSON\n/.exec(text);
  assert.ok(json, text);
  assert.deepEqual(JSON.parse(json[1]!), manifest);
  assert.match(text, /FW_TARGET='http:\/\/127\.0\.0\.1:8182'/);
  assert.match(text, /curl -sS -X POST "\$FW_TARGET\/__fw\/apps" -H "Authorization: Bearer \$FW_TOKEN" .*--data @manifest\.json/);
  // Requests are printed like the reports' (protocol/curl.ts): the raw path as the request target.
  assert.match(text, /curl -sS -i -X 'GET' --request-target '\/r0\/12\/a\.b' "\$FW_TARGET" -H "X-Fw-App: \$APP"/);
  assert.ok(!text.includes('Bearer t'), 'the real token is never printed');
  // The URL request body, once the shell has assembled it, is the JSON the suite sent.
  const line = text.split('\n').find((l) => l.includes('/__fw/url'))!;
  const data = line.slice(line.indexOf('--data-binary ') + 14);
  const body = execFileSync('sh', ['-c', `APP=a1; printf %s ${data}`], { encoding: 'utf8' });
  assert.deepEqual(JSON.parse(body), { app: 'a1', name: 'n.t0', params: { q: 'a b', page: 2 } });
});

test('the load command extracts the app id from the answer', () => {
  const text = curlCommands('http://127.0.0.1:1', manifest, []);
  const sed = /\| (sed -E .*)\)$/m.exec(text)![1]!;
  const id = execFileSync('sh', ['-c', `printf '%s' '{"app": "a-17", "routes": 3}' | ${sed}`], { encoding: 'utf8' });
  assert.equal(id, 'a-17');
});
