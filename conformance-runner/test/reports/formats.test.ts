import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { create } from 'xmlbuilder2';
import { allViolations } from '../../src/protocol/schemas';
import { badgeColor, renderBadge } from '../../src/reports/badge';
import { renderHtml } from '../../src/reports/html';
import { renderJunit } from '../../src/reports/junit';
import { renderMarkdown } from '../../src/reports/markdown';
import { requestStats } from '../../src/reports/model';
import { sampleAdapterCheck, sampleReport, sampleScenarios, TOKEN, XSS } from './sample';
import { clipComparison } from '../../src/run/finish/clipComparison';

type XmlNode = Record<string, unknown>;

describe('conformance.json', () => {
  it('validates against schema/report.schema.json', () => {
    const report = JSON.parse(JSON.stringify(sampleReport()));
    assert.deepEqual(allViolations('report', report), []);
  });

  it('also validates for an incomplete run with expectations and coverage', () => {
    const report = JSON.parse(JSON.stringify(sampleReport({
      complete: false, incompleteReason: 'interrupted by SIGINT',
      expectations: { file: 'e.json', implementation: 'acme', matched: 1, notRun: [], unknown: ['x'], informative: [],
        mismatches: [{ id: 'params.x › params-xss', rule: 'params.x', scenario: 'params-xss', kind: 'regression', expected: 'passed', actual: 'failed', level: 'must', detail: 'a new failed result', reason: 'r' }] },
      coverage: { dir: 'reports/coverage', summary: 'Lines: 90%', uncovered: 'reports/coverage/uncovered.md' },
    })));
    assert.deepEqual(allViolations('report', report), []);
  });

  it('validates with the adapter check skipped (adapterCheck null)', () => {
    const report = JSON.parse(JSON.stringify(sampleReport({ adapterCheck: null })));
    report.options.skipAdapterCheck = true;
    assert.deepEqual(allViolations('report', report), []);
  });

  it('the schema holds adapterCheck to its shape', () => {
    const report = JSON.parse(JSON.stringify(sampleReport())) as { adapterCheck: Record<string, any> };
    assert.equal(report.adapterCheck.checks.length, 4);
    report.adapterCheck.checks[1].status = 'failed';
    delete report.adapterCheck.checks[2].message;
    report.adapterCheck.failed = -1;
    report.adapterCheck.extra = true;
    const found = allViolations('report', report).map((v) => `${v.pointer} ${v.message}`);
    for (const expected of ['/adapterCheck/checks/1/status must be equal to one of the allowed values', "/adapterCheck/checks/2 must have required property 'message'",
      '/adapterCheck/failed must be >= 0', '/adapterCheck must NOT have additional properties: "extra"']) {
      assert.ok(found.some((v) => v.startsWith(expected)), `${expected}\n${found.join('\n')}`);
    }
    const missing = JSON.parse(JSON.stringify(sampleReport())) as Record<string, unknown>;
    delete missing.adapterCheck;
    assert.ok(allViolations('report', missing).some((v) => v.message.includes("must have required property 'adapterCheck'")));
  });

  it('the schema rejects what it should (so the test above can fail)', () => {
    const report = JSON.parse(JSON.stringify(sampleReport())) as Record<string, unknown>;
    report.verdict = 'maybe';
    (report.scenarios as Array<Record<string, unknown>>)[0]!.status = 'flaky';
    delete report.timing;
    const found = allViolations('report', report).map((v) => `${v.pointer} ${v.message}`);
    assert.ok(found.some((v) => v.startsWith('/verdict must be equal to one of the allowed values')), found.join('\n'));
    assert.ok(found.some((v) => v.startsWith('/scenarios/0/status')), found.join('\n'));
    assert.ok(found.some((v) => v.includes("must have required property 'timing'")), found.join('\n'));
  });

  it('never contains the control-plane token', () => {
    assert.ok(!JSON.stringify(sampleReport()).includes(TOKEN));
    assert.ok(JSON.stringify(sampleReport()).includes('Bearer <redacted>'));
  });

  it('computes the median and p95 request time over every scenario', () => {
    assert.deepEqual(requestStats(sampleScenarios()), { requests: 7, median: 4, p95: 100 });
    assert.deepEqual(requestStats([]), { requests: 0, median: null, p95: null });
  });
});

describe('conformance.html', () => {
  const html = renderHtml(sampleReport());

  it('is one self-contained page: no script, no external asset', () => {
    assert.match(html, /^<!DOCTYPE html>/);
    assert.ok(!/<script/i.test(html), 'no <script> element');
    assert.ok(!/<link\b/i.test(html), 'no <link>');
    assert.ok(!/\bsrc\s*=/i.test(html), 'no src=');
    assert.ok(!/href\s*=\s*"(?!#)/i.test(html), 'only in-page links');
    assert.ok(!/url\(/i.test(html), 'no CSS url()');
    assert.match(html, /<style>[^<]+<\/style>/);
  });

  it('escapes a <script> in a scenario name, message, header, body and implementation name', () => {
    assert.ok(html.includes('a &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; scenario'));
    assert.ok(html.includes('acme &lt;script&gt;'));
    assert.ok(!html.includes(XSS));
    assert.ok(!html.includes('<b>markup</b>'));
  });

  it('shows the verdict, the rule matrix by section and the reproduction of failures', () => {
    assert.match(html, /class="verdict fails">FAILS</);
    assert.match(html, /<h3>Endpoints \/ Route parameters<\/h3>/);
    assert.match(html, /<h3>Errors<\/h3>/);
    assert.match(html, /<tr id="rule-params.constraint-regex"><td><code>params.constraint-regex<\/code><\/td><td class="lv lv-must">must<\/td><td><span class="s s-failed">failed<\/span>/);
    assert.match(html, /<details id="sc-params-xss" open>/);
    assert.match(html, /Reproduce with curl/);
    assert.ok(html.includes('&quot;$FW_TARGET&quot;'), 'curl commands read the target from $FW_TARGET');
    assert.ok(html.includes('HTTP 200'), 'the response received is shown');
    assert.ok(!html.includes(TOKEN));
  });
});

describe('the adapter check in conformance.html', () => {
  const html = renderHtml(sampleReport());

  it('has a section with the counts and only the checks that failed or warned, with their exchanges', () => {
    assert.match(html, /<h2 id="adapter-check">Adapter check<\/h2><p>1 passed, 1 failed, 1 warnings, 0 notes, 1 skipped /);
    assert.match(html, /<tr id="check-manifest\.method"><td><code>manifest\.method<\/code><\/td><td><span class="s c-fail">fail<\/span>/);
    assert.match(html, /<tr id="check-boot-error">.*<span class="s c-warn">warn<\/span>/);
    assert.ok(!html.includes('id="check-info"') && !html.includes('id="check-url.generate"'), 'passed and skipped checks are only counted');
    assert.match(html, /<details><summary>exchanges<\/summary><pre>sent: POST \/__fw\/apps \(with the token\)/);
  });

  it('shows failed checks prominently, near the verdict', () => {
    const banner = html.indexOf('<div class="banner bad"><strong>Adapter check: 1 failed.</strong>');
    assert.ok(banner > 0, 'a banner');
    assert.ok(banner < html.indexOf('<h2 id="summary">Summary</h2>'), 'above the summary');
    assert.ok(!renderHtml(sampleReport({ adapterCheck: { ...sampleAdapterCheck(), failed: 0 } })).includes('banner bad'), 'no banner without a failure');
  });

  it('escapes what the adapter sent', () => {
    assert.ok(html.includes('got 201 &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; | piped'));
    assert.ok(html.includes('201 content-type: &quot;text/html&quot; &lt;script&gt;'));
    assert.ok(!html.includes(XSS));
  });

  it('says when the check was skipped', () => {
    const skipped = sampleReport({ adapterCheck: null });
    skipped.options.skipAdapterCheck = true;
    assert.match(renderHtml(skipped), /<h2 id="adapter-check">Adapter check<\/h2><p class="muted">Skipped \(--skip-adapter-check\)\.<\/p>/);
  });
});

describe('badge.svg', () => {
  it('is a valid SVG with the conformance percentage of must + implied rules', () => {
    const report = sampleReport();
    const svg = renderBadge(report);
    const doc = create(svg).end({ format: 'object' }) as XmlNode;
    assert.ok('svg' in doc, 'root element is <svg>');
    assert.match(svg, /xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.deepEqual(report.summary.conformance, { passed: 1, total: 5, percent: 20 });
    assert.match(svg, />20%</);
  });

  it('says incomplete for an incomplete run', () => {
    assert.match(renderBadge(sampleReport({ complete: false, incompleteReason: 'x' })), />incomplete</);
  });

  it('colours by percentage', () => {
    assert.deepEqual([100, 95, 80, 60, 30, 10].map(badgeColor), ['brightgreen', 'green', 'yellowgreen', 'yellow', 'orange', 'red']);
  });
});

describe('junit.xml', () => {
  const xml = renderJunit(sampleReport());

  it('is well-formed XML with our statuses as failure, error and skipped, and the verdict as a test', () => {
    const doc = create(xml).end({ format: 'object' }) as { testsuites: XmlNode & { testsuite: Array<XmlNode & { testcase: XmlNode | XmlNode[] }> } };
    const suites = doc.testsuites;
    // 9 scenarios and the verdict; failures: params-xss and the failing verdict (errors-body is
    // reference level: skipped, docs/reports.md "junit.xml").
    assert.equal(suites['@tests'], '10');
    assert.equal(suites['@failures'], '2');
    assert.equal(suites['@errors'], '2');
    assert.equal(suites['@skipped'], '3');
    const cases = suites.testsuite.flatMap((s) => [s.testcase].flat());
    assert.equal(cases.length, 10);
    const byName = (prefix: string) => cases.find((c) => String(c['@name']).startsWith(prefix))!;
    assert.ok('failure' in byName('params-xss:'));
    assert.ok('failure' in byName('verdict:'));
    assert.equal((byName('params-slow:').error as XmlNode)['@type'], 'timed-out');
    assert.match(String((byName('groups-x:').skipped as XmlNode)['@message']), /^unsupported: /);
    assert.match(String((byName('errors-body:').skipped as XmlNode)['@message']), /^failed, not counted: reference level/);
    assert.ok(!('failure' in byName('params-ok:')) && !('error' in byName('params-ok:')));
  });

  it('escapes markup and control characters', () => {
    assert.ok(!xml.includes(XSS));
    assert.ok(xml.includes('bad \\u0001 control char'));
  });
});

describe('conformance.md', () => {
  const md = renderMarkdown(sampleReport());

  it('has the verdict, the counts table and the failing rules with scenario ids and one-line reasons', () => {
    assert.match(md, /^# fw-conformance: ❌ FAILS/);
    assert.match(md, /\| rules \(must\) \| 1 \| 1 \| 0 \| 0 \| 0 \| 0 \| 1 \| 1 \| 4 \|/);
    assert.match(md, /20% of must \+ implied rules pass \(1\/5\)/);
    assert.match(md, /\| `params.constraint-regex` \| must \| failed \| `params-xss` failed: expected 404, got 200 &lt;script&gt;/);
    assert.match(md, /^## Root causes\n/m);
    assert.match(md, /^\| 1 \| `params.constraint-regex` \| must \| 1 scenario\(s\) \| — \| `params-xss`: expected 404, got 200/m);
    assert.match(md, /\| `params.anchored` \| implied \| errored \| `params-adapter` errored: AdapterError: bad/);
    assert.ok(!md.includes('at stack'), 'reasons are one line');
  });

  it('has an "Adapter check" section listing the failed and warned checks with a one-line reason', () => {
    assert.match(md, /^## Adapter check\n\n1 passed, 1 failed, 1 warnings, 0 notes, 1 skipped /m);
    assert.match(md, /^- \*\*FAIL\*\* `manifest\.method` \(§2\.3\) a manifest with a route with method "FETCH" gets 400 kind manifest — §2\.3: POST \/__fw\/apps must answer 400 .*got 201 &lt;script&gt;.* \\\| piped$/m);
    assert.match(md, /^- \*\*WARN\*\* `boot-error` /m);
    assert.ok(!md.includes('second deviation'), 'one line per check');
    assert.ok(!/`info`|`url\.generate`/.test(md), 'passed and skipped checks are only counted');
    assert.ok(!md.includes(XSS));
  });

  it('puts failed adapter checks near the top, without changing the verdict line', () => {
    assert.ok(md.indexOf('> **Adapter check: 1 failed.**') > 0);
    assert.ok(md.indexOf('> **Adapter check: 1 failed.**') < md.indexOf('| | passed |'), 'above the counts');
    assert.match(md, /^Verdict: 3 of 4 must and implied rules do not pass$/m);
    const skipped = sampleReport({ adapterCheck: null });
    skipped.options.skipAdapterCheck = true;
    assert.match(renderMarkdown(skipped), /^## Adapter check\n\nSkipped \(`--skip-adapter-check`\)\.$/m);
    assert.ok(!renderMarkdown(skipped).includes('> **Adapter check'));
  });

  it('lists expectation mismatches', () => {
    const md2 = renderMarkdown(sampleReport({ expectations: { file: 'e.json', implementation: 'acme', matched: 0, notRun: [], unknown: ['old-id'], informative: [],
      mismatches: [{ id: 'params.x › params-xss', rule: 'params.x', scenario: 'params-xss', kind: 'unexpected-pass', expected: 'failed', actual: 'passed', level: 'must', detail: 'now passes' }] } }));
    assert.match(md2, /- \*\*unexpected-pass\*\* `params.x` › `params-xss` \(must\): now passes \(expected failed, got passed\)/);
    assert.match(md2, /stale entries .*`old-id`/);
  });
});

describe('reports with text from the user\'s expectations file (issue 38)', () => {
  const image = 'a` ![pixel](https://example.invalid/p.png) `b';
  const reason = `\u001b[2J\u0000\u0007 known: ${'R'.repeat(5 * 1024 * 1024)} [x](https://example.invalid/x)`;
  const withFile = () => sampleReport({
    expectations: {
      file: 'e.json', implementation: 'acme', matched: 0, notRun: [], unknown: [image], informative: [],
      mismatches: [{ id: `${image} › s`, rule: image, scenario: 's|x', kind: 'unexpected-pass', expected: 'failed', actual: 'passed', level: 'must', detail: 'now passes', reason }],
      reasons: [{ rule: 'params.constraint-regex', reason, issue: 'https://example.invalid/i' }],
    },
  });

  it('conformance.md: an id that is not one is shown as text, never as a code span it could close', () => {
    const md = renderMarkdown(withFile());
    assert.doesNotMatch(md, /(^|[^\\])!\[/m, 'no live image');
    assert.doesNotMatch(md, /(^|[^\\])\[[^\]\n]*\]\((?!#)/m, 'no live link');
    assert.match(md, /stale entries \(no such scenario or rule\): a\\` \\!\\\[pixel\\\]\(https:\/\/example\.invalid\/p\.png\) \\`b$/m);
    assert.match(md, /- \*\*unexpected-pass\*\* a\\` .* › s\\\|x \(must\)/);
    assert.doesNotMatch(md, /[\u0000-\u0008\u000b-\u001f]/);
  });

  it('conformance.html: no control character of it, and the report keeps it clipped (clipComparison)', () => {
    const html = renderHtml(withFile());
    assert.doesNotMatch(html, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    assert.match(html, /\\x1b\[2J\\x00\\x07 known/);
    const clipped = clipComparison(withFile().expectations!);
    assert.ok(clipped.reasons![0]!.reason!.length < 4200, 'a reason is clipped like any message kept in a report');
    assert.match(clipped.reasons![0]!.reason!, /… \(5,242,\d{3} characters, clipped to 4,000\)$/);
    assert.ok(clipped.mismatches[0]!.reason!.length < 4200);
    assert.ok(renderHtml({ ...withFile(), expectations: { ...clipped, file: 'e.json', implementation: 'acme' } }).length < 200_000, 'copied into the page a few times, clipped');
  });
});

describe('conformance.md with text from a hostile target', () => {
  it('shows the implementation\'s links, images, HTML and escapes, never renders them', () => {
    const name = 'evil\u001b]0;x\u0007 [x](javascript:alert(1)) ![i](https://example.invalid/t.png) <img src=x> `code`';
    const md = renderMarkdown(sampleReport({ implementation: { name, version: '1\u0000', language: 'TypeScript' } }));
    const head = md.split('\n')[2]!;
    assert.ok(head.startsWith('**evil\\\\x1b\\]0;x\\\\x07 \\[x\\](javascript:alert(1)) \\!\\[i\\](https://example.invalid/t.png) &lt;img src=x&gt; \\`code\\` 1\\\\x00 (TypeScript)**'), head);
    assert.doesNotMatch(md, /[\u0000-\u0008\u000b-\u001f]/);
  });
});
