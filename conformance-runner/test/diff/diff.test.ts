import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { classify } from '../../src/diff/changeKind';
import { runDiffCommand } from '../../src/diff/command';
import { diffReports, type ReportDiff } from '../../src/diff/compare';
import { renderDiffMarkdown } from '../../src/diff/markdown';
import { outcomeLine } from '../../src/diff/outcome';
import { renderDiffText } from '../../src/diff/text';
import type { ConformanceReport } from '../../src/reports/model';
import { declare, dropRule, implementation, loaded, recount, setRule, sliceReport, writeTemp, XSS } from '../matrix/build';

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'fw-conformance.js');

/** The slice (Laravel: url.path failed, named.name blocked by it, errors.allow-exact failed) against a changed copy. */
function diff(change: (r: ConformanceReport) => unknown, old: ConformanceReport = sliceReport()): ReportDiff {
  const changed = sliceReport();
  change(changed);
  return diffReports(loaded('old.json', old), loaded('new.json', changed));
}

function command(argv: string[], files: Record<string, unknown>): { code: number; out: string; err: string } {
  const dir = writeTemp(files);
  let out = '';
  let err = '';
  const code = runDiffCommand(argv, { cwd: dir, out: (t) => { out += t; }, err: (t) => { err += t; } });
  return { code, out, err };
}

const rule = (d: ReportDiff, id: string) => d.rules.find((r) => r.id === id);

describe('classifying a change of status', () => {
  it('puts each change in one kind', () => {
    const table: Array<[Parameters<typeof classify>[0], Parameters<typeof classify>[1], string | null]> = [
      ['passed', 'passed', null], ['failed', 'failed', null],
      ['passed', 'failed', 'regressed'], ['passed', 'errored', 'regressed'], ['blocked', 'timed-out', 'regressed'],
      ['unsupported', 'failed', 'regressed'], ['skipped', 'errored', 'regressed'], [null, 'failed', 'regressed'],
      ['failed', 'passed', 'fixed'], ['timed-out', 'passed', 'fixed'],
      ['failed', 'errored', 'changed'],
      ['passed', 'blocked', 'blocked'], ['failed', 'blocked', 'blocked'],
      ['blocked', 'passed', 'unblocked'], ['blocked', 'unsupported', 'unblocked'],
      ['passed', 'unsupported', 'not-run'], ['failed', 'skipped', 'not-run'], ['unsupported', 'skipped', 'not-run'],
      ['unsupported', 'passed', 'now-run'],
      [null, 'passed', 'appeared'], [null, 'blocked', 'appeared'], ['failed', null, 'disappeared'], [null, null, null],
    ];
    for (const [before, after, kind] of table) assert.equal(classify(before, after), kind, `${before} → ${after}`);
    assert.equal(classify('blocked', 'blocked', true), 'blocked', 'blocked by other rules');
  });
});

describe('fw-conformance diff', () => {
  it('a report against itself: "no change", exit 0', () => {
    const d = diffReports(loaded('r.json', sliceReport()), loaded('r.json', sliceReport()));
    assert.equal(d.unchanged, true);
    assert.deepEqual(d.regressions, []);
    assert.equal(outcomeLine(d), 'no change');
    assert.match(renderDiffText(d), /^fw-conformance diff: no change\n {2}old: r\.json — laravel 8\.83\.26, suite 0\.1\.0, .*: fails, 3\/8 must \+ implied rules pass\n {2}new: r\.json/);
    assert.match(renderDiffMarkdown(d), /^## ✅ fw-conformance diff: no change\n\n\*\*laravel 8\.83\.26\*\* — `r\.json` → `r\.json`\n\nBoth reports give the same results\.\n/);
    const r = command(['r.json', 'r.json'], { 'r.json': sliceReport() });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^fw-conformance diff: no change\n/);
  });

  it('a must rule that passed and now fails: regressed, its scenarios under it, exit 1', () => {
    const d = diff((r) => setRule(r, 'errors.not-found', 'failed', { message: 'GET /nope: expected status 404, got 500' }));
    const change = rule(d, 'errors.not-found')!;
    assert.equal(change.kind, 'regressed');
    assert.match(change.message!, /^errors-not-found-[a-z-]+: GET \/nope: expected status 404, got 500$/);
    // The slice's scenarios about errors.not-found alone (setRule leaves shared ones as they were).
    assert.equal(change.scenarios.length, 3);
    assert.deepEqual(d.scenarios, [], 'scenarios told under their rule are not repeated');
    assert.deepEqual(d.regressions, ['1 must/implied rule (3 scenarios)']);
    assert.equal(outcomeLine(d), 'regressed — 1 must/implied rule (3 scenarios)');
    const text = renderDiffText(d);
    assert.match(text, /^fw-conformance diff: REGRESSED — 1 must\/implied rule \(3 scenarios\)\n/);
    assert.match(text, /\nMust and implied rules \(counted\):\n {2}Regressed: 1 rule \(3 scenarios\)\n {4}errors\.not-found \(must\): passed → failed\n {8}[a-z-]+: GET \/nope: expected status 404, got 500\n {6}scenarios: errors-/);
    const md = renderDiffMarkdown(d);
    assert.match(md, /^## ❌ fw-conformance diff: regressed — 1 must\/implied rule \(3 scenarios\)\n/);
    assert.match(md, /\n### Regressed: 1 rule \(3 scenarios\)\n\n- `errors\.not-found` \(must\): ✅ passed → ❌ failed — [a-z-]+: GET \/nope: expected status 404, got 500\n {2}- scenarios: `errors-/);
    assert.match(md, /\| must \+ implied passed \| 3\/8 \(37\.5%\) \| \*\*2\/8 \(25%\)\*\* \|/);
    const r = command(['old.json', 'new.json'], { 'old.json': sliceReport(), 'new.json': setRule(sliceReport(), 'errors.not-found', 'failed') });
    assert.equal(r.code, 1);
    assert.equal(r.err, '');
  });

  it('fixed and unblocked: exit 0', () => {
    const d = diff((r) => {
      setRule(r, 'url.path', 'passed');
      setRule(r, 'named.name', 'passed');
    });
    assert.equal(rule(d, 'url.path')!.kind, 'fixed');
    assert.match(rule(d, 'url.path')!.message!, /^url-[a-z-]+: URL for "about": expected "\/about", got "http:/, 'the old failure');
    assert.equal(rule(d, 'named.name')!.kind, 'unblocked');
    assert.deepEqual(rule(d, 'named.name')!.blockedBy, ['url.path']);
    assert.deepEqual(d.regressions, []);
    // The property scenario tagged named.name whose failure was charged to url.path is told under url.path.
    assert.equal(outcomeLine(d), 'no regression — fixed: 1 rule (2 scenarios); unblocked: 1 rule (4 scenarios)');
    assert.deepEqual(rule(d, 'url.path')!.scenarios.map((s) => s.id).sort(), ['url-path-not-absolute', 'url-property-url-generation']);
    assert.deepEqual(d.scenarios, []);
    const text = renderDiffText(d);
    assert.match(text, /url\.path \(must\): failed → passed\n {8}was: url-/);
    assert.match(text, /named\.name \(must\): blocked → passed \(was blocked by url\.path\)/);
    const r = command(['old.json', 'new.json'], { 'old.json': sliceReport(), 'new.json': setRule(setRule(sliceReport(), 'url.path', 'passed'), 'named.name', 'passed') });
    assert.equal(r.code, 0);
  });

  it('became blocked is not a regression: the blocking rule is charged', () => {
    const d = diff((r) => setRule(r, 'errors.not-found', 'blocked', { blockedBy: 'url.path' }));
    assert.equal(rule(d, 'errors.not-found')!.kind, 'blocked');
    assert.deepEqual(d.regressions, []);
    assert.match(renderDiffText(d), /Became blocked: 1 rule \(3 scenarios\)\n {4}errors\.not-found \(must\): passed → blocked \(by url\.path\)\n {6}scenarios: /);
    assert.match(renderDiffMarkdown(d), /- `errors\.not-found` \(must\): ✅ passed → ⛔ blocked by `url\.path`\n/);
  });

  it('a failure that changed kind is listed, not a regression', () => {
    const d = diff((r) => setRule(r, 'url.path', 'errored', { message: 'AdapterError: 500' }));
    assert.equal(rule(d, 'url.path')!.kind, 'changed');
    assert.deepEqual(d.regressions, []);
    assert.match(renderDiffText(d), /Failing differently: 1 rule \(1 scenario\)\n {4}url\.path \(must\): failed → errored\n {8}url-[a-z-]+: AdapterError: 500/);
  });

  it('a scenario that regressed in a rule that already failed: exit 1', () => {
    const d = diff((r) => {
      const s = r.scenarios.find((x) => x.rules.includes('errors.allow-exact') && x.status === 'passed')!;
      s.status = 'failed';
      s.message = `Allow "GET, PATCH" ${XSS}`;
      recount(r);
    });
    assert.equal(rule(d, 'errors.allow-exact'), undefined, 'the rule did not change');
    assert.equal(d.scenarios.length, 1);
    assert.equal(d.scenarios[0]!.kind, 'regressed');
    assert.deepEqual(d.regressions, ['1 must/implied scenario']);
    assert.match(renderDiffText(d), /Regressed: 1 scenario\n {4}scenario errors-[a-z-]+ \(implied\): passed → failed\n {8}Allow "GET, PATCH" <script>/);
    const md = renderDiffMarkdown(d);
    assert.ok(md.includes('Allow "GET, PATCH" &lt;script&gt;alert("x")&lt;/script&gt;'));
    assert.doesNotMatch(md, /<script/);
  });

  it('rules that appeared and disappeared, with why; one that appeared failing regresses', () => {
    const narrowed = dropRule(sliceReport(), 'errors.not-found');
    narrowed.options.rules = ['url', 'named'];
    const appeared = diffReports(loaded('old.json', narrowed), loaded('new.json', sliceReport()));
    assert.equal(rule(appeared, 'errors.not-found')!.kind, 'appeared');
    assert.equal(rule(appeared, 'errors.not-found')!.why, 'not selected by the old run (--rule url --rule named)');
    assert.deepEqual(appeared.regressions, []);
    assert.match(renderDiffText(appeared), /Appeared: 1 rule \(3 scenarios\)\n {4}errors\.not-found \(must\): absent → passed — not selected by the old run \(--rule url --rule named\)/);

    const newer = dropRule(sliceReport(), 'url.path');
    newer.suite.version = '0.2.0';
    const disappeared = diffReports(loaded('old.json', sliceReport()), loaded('new.json', newer));
    assert.equal(rule(disappeared, 'url.path')!.kind, 'disappeared');
    assert.equal(rule(disappeared, 'url.path')!.why, 'not in the new suite (0.2.0)');
    assert.match(renderDiffMarkdown(disappeared), /### Disappeared: 1 rule \(1 scenario\)\n\n- `url\.path` \(must\): ❌ failed → absent — not in the new suite \(0\.2\.0\)/);
    assert.match(renderDiffText(disappeared), / {2}suite +0\.1\.0 → 0\.2\.0\n/);

    const failing = diffReports(loaded('old.json', dropRule(sliceReport(), 'url.path')), loaded('new.json', sliceReport()));
    assert.equal(rule(failing, 'url.path')!.kind, 'regressed');
    assert.equal(rule(failing, 'url.path')!.why, 'not in the old report');
    assert.deepEqual(failing.regressions, ['1 must/implied rule (1 scenario)']);
  });

  it('a capability no longer declared fails the diff; a new one does not', () => {
    const fewer = (r: ConformanceReport) => declare(r, r.profile.declared.filter((c) => c !== 'views' && c !== 'groups'));
    const dropped = diff(fewer);
    assert.deepEqual(dropped.capabilities, { dropped: ['groups', 'views'], added: [] });
    assert.deepEqual(dropped.regressions, ['capabilities no longer declared: groups, views']);
    assert.match(renderDiffText(dropped), / {2}capabilities +no longer declared: groups, views\n/);
    assert.match(renderDiffMarkdown(dropped), /\*\*Capabilities no longer declared:\*\* `groups`, `views` — their rules are no longer tested\./);
    assert.equal(command(['a.json', 'b.json'], { 'a.json': sliceReport(), 'b.json': fewer(sliceReport()) }).code, 1);

    const added = diffReports(loaded('old.json', fewer(sliceReport())), loaded('new.json', sliceReport()));
    assert.deepEqual(added.capabilities, { dropped: [], added: ['groups', 'views'] });
    assert.deepEqual(added.regressions, []);
    assert.equal(outcomeLine(added), 'no regression — newly declared: groups, views');
    assert.equal(command(['a.json', 'b.json'], { 'a.json': fewer(sliceReport()), 'b.json': sliceReport() }).code, 0);
  });

  it('a new implementation version is listed', () => {
    const d = diff((r) => implementation(r, 'laravel', '8.83.27'));
    assert.deepEqual(d.version, { before: '8.83.26', after: '8.83.27' });
    assert.equal(outcomeLine(d), 'no regression — version 8.83.26 → 8.83.27');
    assert.match(renderDiffText(d), / {2}version +8\.83\.26 → 8\.83\.27\n/);
    assert.match(renderDiffMarkdown(d), /\*\*laravel 8\.83\.27\*\* \(was 8\.83\.26\)/);
  });

  it('reference-level changes are informative: listed apart, never a regression', () => {
    const old = setRule(sliceReport(), 'errors.allow-format', 'passed');
    const d = diffReports(loaded('old.json', old), loaded('new.json', sliceReport()));
    assert.equal(rule(d, 'errors.allow-format')!.kind, 'regressed');
    assert.deepEqual(d.regressions, []);
    assert.equal(outcomeLine(d), 'no regression — 1 reference-level change');
    assert.match(renderDiffText(d), /\nReference level \(informative, never counted\):\n {2}Regressed: 1 rule \(3 scenarios\)\n {4}errors\.allow-format \(reference\): passed → failed/);
    const md = renderDiffMarkdown(d);
    assert.match(md, /No must or implied rule or scenario changed status\.\n\n<details><summary>Reference level: 1 change \(informative, never counted\)<\/summary>\n\n#### Regressed: 1 rule \(3 scenarios\)\n/);
    assert.equal(command(['a.json', 'b.json'], { 'a.json': old, 'b.json': sliceReport() }).code, 0);
  });

  it('a run that became incomplete fails the diff', () => {
    const d = diff((r) => {
      r.complete = false;
      r.incompleteReason = 'the target died (exit code 255)\nlast output: ...';
      recount(r);
    });
    assert.deepEqual(d.regressions, ['the new run is incomplete']);
    assert.match(renderDiffText(d), / {2}run +complete → incomplete: the target died \(exit code 255\) last output: \.\.\.\n/);
  });

  it('the verdict and the gate are shown when they change', () => {
    const d = diff((r) => {
      for (const id of ['url.path', 'named.name', 'errors.allow-exact']) setRule(r, id, 'passed');
    });
    assert.equal(d.new.verdict, 'partial');
    assert.match(outcomeLine(d), /; verdict fails → partial$/);
    assert.match(renderDiffMarkdown(d), /\| verdict \| ❌ fails \| \*\*🟡 partial\*\* \|/);
  });

  it('a long list is cut in Markdown (a pull-request comment), not on the console', () => {
    const many = (status: 'passed' | 'failed') => {
      const r = sliceReport();
      const base = r.rules.find((x) => x.id === 'errors.not-found')!;
      r.rules = Array.from({ length: 60 }, (_, i) => ({ ...base, id: `errors.many-${i}`, status, outcomes: base.outcomes.map((o) => ({ ...o, status })) }));
      r.scenarios = [];
      return recount(r);
    };
    const d = diffReports(loaded('a.json', many('passed')), loaded('b.json', many('failed')));
    const md = renderDiffMarkdown(d);
    assert.equal((md.match(/^- `errors\.many-/gm) ?? []).length, 40);
    assert.ok(md.includes('- … and 20 more (run `fw-conformance diff` for all)'));
    assert.equal((renderDiffText(d).match(/^ {4}errors\.many-/gm) ?? []).length, 60);
  });

  it('--format markdown', () => {
    const r = command(['a.json', 'b.json', '--format', 'markdown'], { 'a.json': sliceReport(), 'b.json': setRule(sliceReport(), 'url.path', 'passed') });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^## ✅ fw-conformance diff: no regression — fixed: 1 rule \(1 scenario\)/);
  });

  it('bad input: exit 2 with one clear line', () => {
    const other = implementation(sliceReport(), 'Lumen', '8.3.4');
    const files = { 'a.json': sliceReport(), 'lumen.json': other, 'v1.json': { ...sliceReport(), reportVersion: 1 } };
    const cases: Array<[string[], string]> = [
      [[], 'fw-conformance diff: needs two reports, OLD.json and NEW.json (got none) (see fw-conformance diff --help)\n'],
      [['a.json'], 'fw-conformance diff: needs two reports, OLD.json and NEW.json (got only a.json) (see fw-conformance diff --help)\n'],
      [['a.json', 'a.json', 'a.json'], 'fw-conformance diff: needs exactly two reports, OLD.json and NEW.json (got 3); to compare several implementations use fw-conformance matrix (see fw-conformance diff --help)\n'],
      [['a.json', 'a.json', '--format', 'html'], 'fw-conformance diff: --format "html": use text or markdown (see fw-conformance diff --help)\n'],
      [['a.json', 'gone.json'], 'fw-conformance diff: gone.json: no such file\n'],
      [['a.json', 'v1.json'], 'fw-conformance diff: v1.json: is a report of version 1; this fw-conformance reads reportVersion 2, 3 and 4 (run the suite again with this version to get one)\n'],
      [['a.json', 'lumen.json'], 'fw-conformance diff: a.json is a report of laravel and lumen.json of Lumen: diff compares two runs of one implementation (use fw-conformance matrix to compare implementations)\n'],
    ];
    for (const [argv, message] of cases) {
      const r = command(argv, files);
      assert.equal(r.code, 2, argv.join(' '));
      assert.equal(r.err, message);
      assert.equal(r.out, '');
    }
  });

  it('is a subcommand of the fw-conformance command, with its exit codes', () => {
    const dir = writeTemp({ 'a.json': sliceReport(), 'b.json': setRule(sliceReport(), 'errors.not-found', 'failed') });
    const same = spawnSync(process.execPath, [BIN, 'diff', 'a.json', 'a.json'], { cwd: dir, encoding: 'utf8' });
    assert.equal(same.status, 0, same.stderr);
    assert.match(same.stdout, /^fw-conformance diff: no change\n/);
    const worse = spawnSync(process.execPath, [BIN, 'diff', 'a.json', 'b.json', '--format', 'markdown'], { cwd: dir, encoding: 'utf8' });
    assert.equal(worse.status, 1, worse.stderr);
    assert.match(worse.stdout, /^## ❌ fw-conformance diff: regressed/);
    const help = spawnSync(process.execPath, [BIN, 'diff', '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^fw-conformance diff — /);
  });
});
