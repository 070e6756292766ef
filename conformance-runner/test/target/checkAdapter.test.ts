import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkAdapter, CHECKS, formatCheckReport, type CheckReport } from '../../src/check-adapter';
import { CAPABILITIES } from '../../src/protocol';
import { stopAllTargets, type TargetOptions } from '../../src/target';
import { startFake } from './fakes';

after(() => stopAllTargets());

async function check(fake: string, options: Omit<TargetOptions, 'start'> = {}, requestTimeoutMs?: number): Promise<CheckReport> {
  const target = await startFake(fake, options);
  try {
    return await checkAdapter(target, { requestTimeoutMs });
  } finally {
    await target.stop();
  }
}

const ids = (report: CheckReport, status: string) => report.checks.filter((c) => c.status === status).map((c) => c.id).sort();
const byId = (report: CheckReport, id: string) => {
  const found = report.checks.find((c) => c.id === id);
  assert.ok(found, `no check ${id}`);
  return found;
};

describe('checkAdapter', { timeout: 60_000 }, () => {
  it('passes every check on a healthy adapter', async () => {
    // Every capability: each catalog check runs (the fake's catalog is no stub: nothing is "not ported").
    const report = await check('healthy', { env: { FAKE_CAPABILITIES: CAPABILITIES.join(',') } });
    assert.deepEqual(report.checks.map((c) => [c.id, c.status]), CHECKS.map((c) => [c.id, 'pass']));
    assert.deepEqual(report.counts, { pass: CHECKS.length, fail: 0, warn: 0, note: 0, skip: 0 });
    assert.equal(report.ok, true);
    assert.equal(report.exitCode, 0);
    assert.deepEqual(report.implementation, { name: 'fake', version: '0.0.1', language: 'JavaScript' });
    const text = formatCheckReport(report);
    for (const c of CHECKS) assert.match(text, new RegExp(`^PASS {2}${c.id.replace(/\./g, '\\.')} `, 'm'));
    assert.match(text, new RegExp(`${CHECKS.length} passed, 0 failed, 0 warnings, 0 notes, 0 skipped`));
    assert.match(text, /run the suite next/);
  });

  it('names every deviation of a sloppy adapter, and only those', async () => {
    const report = await check('sloppy');
    assert.deepEqual(ids(report, 'fail'), [
      'app.trace', 'app.unknown-id', 'auth.apps', 'boot-error', 'delete', 'echo',
      'manifest.chain-name', 'manifest.method', 'manifest.reserved-uri', 'not-found', 'unload-with-load', 'url-batches', 'url.unknown-name',
    ]);
    assert.deepEqual(ids(report, 'warn'), ['app.trace-empty']);
    assert.equal(report.exitCode, 1);

    assert.deepEqual(byId(report, 'auth.apps').messages, [
      '§2: POST /__fw/apps without a token must answer 401 {"error":{"kind":"auth","message":...}}; got 201 {"app":"app1","routes":0}',
      '§2: POST /__fw/apps with a wrong token must answer 401 {"error":{"kind":"auth","message":...}}; got 201 {"app":"app2","routes":0}',
    ]);
    assert.match(byId(report, 'manifest.method').messages[0],
      /^§2\.3: the pointer must designate the first bad field of the manifest: expected "\/routeFiles\/web\/0\/method", got "\/routeFiles\/web\/0" /);
    assert.match(byId(report, 'manifest.reserved-uri').messages[0], /expected "\/routeFiles\/web\/1\/routes\/0\/uri", got "\/routeFiles\/web\/1\/routes\/0"/);
    assert.match(byId(report, 'manifest.chain-name').messages[0], /expected "\/routeFiles\/web\/0\/chain\/1\/name", got "\/routeFiles\/web\/0\/chain\/1"/);
    assert.match(byId(report, 'not-found').messages[0], /^§2: GET \/__fw\/fw-check-no-such-call must answer 404 .*; got 400 /);
    assert.match(byId(report, 'app.trace').messages[0], /X-Fw-Trace .* it is missing/);
    assert.match(byId(report, 'app.unknown-id').messages[0], /must answer itself, with the header X-Fw-Error/);
    assert.match(byId(report, 'echo').messages[0], /X-Fw-Trace must contain "action:EchoController@string"; got null/);
    assert.match(byId(report, 'url.unknown-name').messages[0], /^§2\.4: POST \/__fw\/url must answer 422 .*; got 500 /);
    assert.match(byId(report, 'boot-error').messages[0], /^§2\.3: POST \/__fw\/apps must answer 422 .*kind":"boot".*; got 500 /);
    assert.match(byId(report, 'delete').messages[0], /after DELETE, "app\d+" is an unknown app id, so a request for it must get X-Fw-Error/);
    assert.match(byId(report, 'unload-with-load').messages[0], /^§2\.3: "app\d+" was named in X-Fw-Unload, so it is an unknown app id/);
    assert.equal(byId(report, 'url-batches').messages[0], '§2.4.1: each answer answers the question in its place and names it: the answer in place 0 names question 7, ' +
      'the answer in place 1 names question 6, the answer in place 2 names question 5, the answer in place 3 names question 4, and 4 more; ' +
      'the runner cannot use such batches and reports their questions as errors of the adapter');
    assert.match(byId(report, 'url-batches').messages[1], /^§2\.4\.1: answer 0 \(fw-check\.echo \{"value":"abc"\}\) must be what POST \/__fw\/url answers for it alone, 200 .*\/fw-check\/echo\/abc.*; got \{"question":7,"url":"\/fw-check\/echo\/f"\}$/);

    const text = formatCheckReport(report);
    assert.match(text, /^FAIL {2}manifest\.method +§2\.3 /m);
    assert.match(text, /^ {6}sent: POST \/__fw\/apps \(with the token\) \{"protocol":2,"routeFiles":\{"web":\[\{"method":"FETCH"/m);
    assert.match(text, /^ {6}got: {2}400 content-type: "application\/json" \{"error":\{"kind":"manifest"/m);
    assert.match(text, /13 failed, 1 warnings/);
    assert.match(text, /does not follow protocol 2 yet/);
  });

  it('skips what depends on an app that could not be loaded, and says why', async () => {
    const report = await check('apps-answer-empty');
    const load = byId(report, 'load');
    assert.equal(load.status, 'fail');
    assert.match(load.messages[0], /app-loaded message at "\/" must have required property 'app'/);
    for (const id of ['app.request', 'app.trace', 'app.trace-empty', 'delete']) {
      const c = byId(report, id);
      assert.equal(c.status, 'skip', id);
      assert.deepEqual(c.messages, ['needs the minimal application, which an earlier check could not load']);
    }
    assert.equal(byId(report, 'echo').status, 'fail');
    assert.equal(byId(report, 'url.generate').status, 'skip');
  });

  it('skips the checks of capabilities the adapter does not declare', async () => {
    const report = await check('healthy', { env: { FAKE_CAPABILITIES: 'routing', FAKE_UNLOAD: 'off' } });
    const catalogOfOthers = CAPABILITIES.filter((c) => c !== 'routing').map((c) => `catalog.${c}`).filter((id) => CHECKS.some((c) => c.id === id));
    assert.deepEqual(ids(report, 'skip'), [...catalogOfOthers, 'route-files.loaded', 'route-files.unlisted', 'unload-with-load', 'url-batches', 'url.generate', 'url.malformed', 'url.unknown-app', 'url.unknown-name'].sort());
    assert.deepEqual(byId(report, 'unload-with-load').messages, ['the adapter does not declare unloadWithLoad (§2.2): the runner deletes every application itself']);
    assert.deepEqual(byId(report, 'url.generate').messages, ['the adapter does not declare "named-routes", "url-generation" (§5)']);
    assert.deepEqual(byId(report, 'route-files.unlisted').messages, ['the adapter does not declare "route-files" (§5)']);
    assert.equal(byId(report, 'echo').status, 'pass');
    assert.equal(report.ok, true);
    assert.match(byId(report, 'info').messages[0], /capabilities missing: groups, middleware, route-middleware, resources, named-routes, url-generation, injection/);
    assert.match(formatCheckReport(report), /^SKIP {2}url\.generate +§2\.4 .*\n {6}the adapter does not declare "named-routes", "url-generation" \(§5\)$/m);
  });

  it('skips url-batches for an adapter that does not declare urlBatches', async () => {
    const report = await check('healthy', { env: { FAKE_CAPABILITIES: CAPABILITIES.join(','), FAKE_URL_BATCHES: 'off' } });
    assert.deepEqual(ids(report, 'skip'), ['url-batches']);
    assert.deepEqual(byId(report, 'url-batches').messages, ['the adapter does not declare urlBatches (§2.2): the runner asks every URL alone']);
  });

  it('warns when the batch answers name no question: the runner then asks every URL alone', async () => {
    const report = await check('healthy', { env: { FAKE_CAPABILITIES: CAPABILITIES.join(','), FAKE_URL_BATCH_UNNAMED: 'on' } });
    assert.deepEqual(ids(report, 'warn'), ['url-batches']);
    assert.match(byId(report, 'url-batches').messages[0], /^§2\.4\.1: no answer names its question \("question": <its place>\).*the runner asks every URL alone/);
  });

  it('warns when a 200 carries X-Fw-Exception, which goes with a 5xx only (issue 38)', async () => {
    const report = await check('healthy', { env: { FAKE_CAPABILITIES: CAPABILITIES.join(','), FAKE_EXCEPTION_EVERYWHERE: 'on' } });
    assert.deepEqual(ids(report, 'warn'), ['app.request']);
    assert.match(byId(report, 'app.request').messages[0], /^§3\.3: X-Fw-Exception goes with a 5xx .*; this 200 carries it .*: the runner does not show it on an answer that is not a 5xx$/);
  });

  it('checks the applications claim: per-request holds for an adapter that keeps no state (issue 38)', async () => {
    const report = await check('healthy', { env: { FAKE_APPLICATIONS: 'per-request' } });
    assert.equal(byId(report, 'applications').status, 'pass');
    assert.match(byId(report, 'applications').messages[0]!, /^per-request: the same request answers the same/);
  });

  it('fails a per-request claim when an application keeps state from one request to the next', async () => {
    const report = await check('healthy', { env: { FAKE_APPLICATIONS: 'per-request', FAKE_STATEFUL: 'on' } });
    const found = byId(report, 'applications');
    assert.equal(found.status, 'fail');
    assert.match(found.messages[0]!, /^§2\.2: the adapter declares "applications": "per-request", but GET \/fw-check\/claim\/a answered 200 .*"ctor:KeptController,action:EchoController@string".* and, after other requests, 200 .*"action:EchoController@string"\): state survives from one request to the next$/);
    assert.equal(found.messages.at(-1), 'the run does not rely on the claim: it loads a fresh application for every scenario and property case, as for a persistent adapter');
    assert.deepEqual(ids(report, 'fail'), ['applications']);
  });

  it('fails an adapter that answers one application\'s request with another\'s answer, whatever it declares', async () => {
    for (const applications of ['persistent', 'per-request']) {
      const report = await check('healthy', { env: { FAKE_APPLICATIONS: applications, FAKE_RESPONSE_CACHE: 'on' } });
      const found = byId(report, 'applications');
      assert.equal(found.status, 'fail', applications);
      assert.match(found.messages[0]!, /^§3: two applications define GET \/fw-check\/claim\/\{value\}; .* the first application's answer: an adapter must keep its applications apart/);
    }
  });

  it('reports an adapter that refuses every token', async () => {
    // openTarget would refuse it; check it through a healthy adapter's address with a wrong token.
    const target = await startFake('healthy');
    try {
      const report = await checkAdapter({ ...target, address: { url: target.address.url, token: 'not-the-token' } });
      const info = byId(report, 'info');
      assert.equal(info.status, 'fail');
      assert.match(info.messages[0], /^§2\.2: GET \/__fw\/info must answer 200 .*; got 401 /);
      assert.equal(byId(report, 'auth.info').status, 'pass');
      assert.equal(report.exitCode, 1);
    } finally {
      await target.stop();
    }
  });

  it('fails every check that gets no answer in time, without hanging', async () => {
    const report = await check('hangs', {}, 100);
    assert.equal(byId(report, 'info').status, 'pass');
    // auth.apps sends the first two unanswered requests, auth.url the third and fourth.
    assert.match(byId(report, 'auth.apps').messages[0], /got no response \(no answer within 100 ms\)/);
    assert.match(byId(report, 'not-found').messages[0], /got no response \(not sent: the adapter did not answer the last 3 requests\)/);
    assert.deepEqual(ids(report, 'pass'), ['auth.info', 'info']);
    assert.equal(report.ok, false);
  });

  it('reports an adapter process that dies during the checks, with its output', async () => {
    const report = await check('dies-mid-run', { env: { FAKE_DIE_AFTER: '12' } });
    const died = report.checks[report.checks.length - 1];
    assert.equal(died.id, 'process');
    assert.equal(died.status, 'fail');
    assert.match(died.messages[0], /the adapter process exited with code 3 during the checks; its last output:\n.*simulated crash after 12 requests/s);
    const messages = report.checks.flatMap((c) => c.messages);
    assert.ok(messages.some((m) => /connection refused \(is the adapter still running\?\)/.test(m)), messages.join('\n'));
    assert.match(byId(report, 'delete.unknown').messages[0], /not sent: the adapter did not answer the last 3 requests/);
  });
});
