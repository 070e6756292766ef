import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Exchange } from '../../src/protocol/AdapterClient';
import { parseFrameworkError } from '../../src/protocol/frameworkError';
import { allViolations } from '../../src/protocol/schemas';
import { renderHtml } from '../../src/reports/html';
import { renderMarkdown } from '../../src/reports/markdown';
import { toReportScenario, type ConformanceReport } from '../../src/reports/model';
import { frameworkErrorIn, withFailureWords } from '../../src/reports/words';
import { scenario } from '../run/results';
import { sampleReport, TOKEN, XSS } from './sample';

const PAGE = '<!DOCTYPE html>\n<html lang="en">\n<head>\n    <meta charset="UTF-8" />';

function answer(status: number, frameworkError?: string): Exchange {
  return { method: 'GET', path: '/pos/one/two', requestHeaders: { 'x-fw-app': 'a1' }, status, durationMs: 1,
    responseHeaders: { 'content-type': 'text/html; charset=UTF-8' }, responseBody: PAGE,
    ...(frameworkError !== undefined ? { frameworkError: parseFrameworkError(frameworkError) } : {}) };
}

/** The sample report whose failing scenario (params-xss, root cause params.constraint-regex) got these answers. */
function reportWith(exchanges: Exchange[], extra: { adapterOutput?: string[]; expectations?: ConformanceReport['expectations'] } = {}): ConformanceReport {
  const base = sampleReport({ expectations: extra.expectations ?? null });
  const failing = scenario('params-xss', 'failed', ['params.constraint-regex'], 'must', {
    message: `GET /pos/one/two: expected status 200, got 500 text/html; charset=UTF-8 "${PAGE.replace(/\n/g, '\\n')}"`,
    repro: { manifest: null, exchanges }, ...(extra.adapterOutput ? { adapterOutput: extra.adapterOutput } : {}),
  });
  return withFailureWords({
    ...base,
    rootCauses: base.rootCauses.map((r) => (r.rule === 'params.constraint-regex' ? { ...r, message: failing.message! } : r)),
    scenarios: base.scenarios.map((s) => (s.id === 'params-xss' ? toReportScenario(failing, [TOKEN]) : s)),
  });
}

const BINDING = JSON.stringify({ class: 'Illuminate\\Contracts\\Container\\BindingResolutionException',
  message: `Unable to resolve dependency [Parameter #0 [ <required> $alpha ]] in class Closure ${XSS}`, file: '/usr/share/php/Illuminate/Container/BoundMethod.php', line: 190 });
const EXPECTED = { file: 'adapters/acme/expectations.json', implementation: 'acme', matched: 1, mismatches: [], notRun: [], unknown: [], informative: [],
  reasons: [{ rule: 'params.constraint-regex', reason: `acme resolves closure parameters by name ${XSS}`, issue: 'https://example.com/issues/7' }] };

describe('a root cause in the framework\'s own words', () => {
  it('is the framework\'s error of the failing answer: the last 5xx that carries one', () => {
    assert.equal(frameworkErrorIn({ exchanges: [answer(500, '{"class":"A","message":"first"}'), answer(200), answer(500, BINDING)] }),
      `Illuminate\\Contracts\\Container\\BindingResolutionException: Unable to resolve dependency [Parameter #0 [ <required> $alpha ]] in class Closure ${XSS} at /usr/share/php/Illuminate/Container/BoundMethod.php:190`);
    assert.equal(frameworkErrorIn({ exchanges: [answer(404, '{"class":"NotFound","message":"n"}'), answer(200)] }), 'NotFound: n');
    assert.equal(frameworkErrorIn({ exchanges: [answer(500)] }), null);
    assert.equal(frameworkErrorIn({ exchanges: null }), null);
  });

  it('conformance.json carries it, the stderr lines and the expectations file\'s reason, and validates', () => {
    const report = reportWith([answer(201), answer(500, BINDING)], { adapterOutput: ['[fw] Unhandled exception'], expectations: EXPECTED });
    const root = report.rootCauses.find((r) => r.rule === 'params.constraint-regex')!;
    assert.equal(root.words?.scenario, 'params-xss');
    assert.match(root.words!.frameworkError!, /^Illuminate\\Contracts\\Container\\BindingResolutionException: Unable to resolve dependency/);
    assert.deepEqual(root.words!.adapterOutput, ['[fw] Unhandled exception']);
    assert.deepEqual(root.words!.expected, { reason: `acme resolves closure parameters by name ${XSS}`, issue: 'https://example.com/issues/7' });
    assert.deepEqual(allViolations('report', JSON.parse(JSON.stringify(report))), []);
  });

  it('conformance.html shows the framework\'s error in "what failed first" instead of the error page, escaped, with the reason', () => {
    const html = renderHtml(reportWith([answer(201), answer(500, BINDING)], { expectations: EXPECTED }));
    const rootCauses = html.slice(html.indexOf('id="root-causes"'), html.indexOf('id="failures"'));
    assert.match(rootCauses, /class="fw-error">Illuminate\\Contracts\\Container\\BindingResolutionException: Unable to resolve dependency \[Parameter #0 \[ &lt;required&gt; \$alpha \]\]/);
    assert.doesNotMatch(rootCauses, /DOCTYPE/, 'the error page\'s first bytes give way to the framework\'s words');
    assert.match(rootCauses, /<strong>Known failure:<\/strong> acme resolves closure parameters by name &lt;script&gt;/);
    assert.doesNotMatch(html, /<script>/);
    const failure = html.slice(html.indexOf('id="sc-params-xss"'));
    assert.match(failure, /The framework's error:<\/strong> Illuminate/);
  });

  it('falls back to what the adapter wrote to stderr, then to the body', () => {
    const stderr = renderHtml(reportWith([answer(500)], { adapterOutput: ['PHP Fatal error:  Uncaught Error: boom', XSS] }));
    const cell = stderr.slice(stderr.indexOf('id="root-causes"'), stderr.indexOf('id="failures"'));
    assert.match(cell, /<pre class="fw-out"[^>]*>PHP Fatal error:  Uncaught Error: boom\n&lt;script&gt;/);
    const body = renderHtml(reportWith([answer(500)]));
    const bodyCell = body.slice(body.indexOf('id="root-causes"'), body.indexOf('id="failures"'));
    assert.match(bodyCell, /DOCTYPE/);
    assert.doesNotMatch(bodyCell, /fw-out|fw-error/);
  });

  it('conformance.md leads the root cause with the framework\'s error, then the assertion and the reason, all inert', () => {
    const md = renderMarkdown(reportWith([answer(500, BINDING)], { expectations: EXPECTED }));
    const row = md.split('\n').find((l) => l.includes('`params.constraint-regex`') && l.includes('scenario(s)'))!;
    assert.match(row, /`params-xss`: \*\*Illuminate\\\\Contracts\\\\Container\\\\BindingResolutionException: Unable to resolve dependency \\\[Parameter #0 \\\[ &lt;required&gt;/);
    assert.match(row, /<br>GET \/pos\/one\/two: expected status 200/);
    assert.match(row, /<br>known failure: acme resolves closure parameters by name &lt;script&gt;/);
    assert.doesNotMatch(row, /<script>/);
  });
});
