import { htmlText as escapeHtml } from './htmlText';
import { counts as levelCounts, LEVELS } from '../model/levels';
import { isBad, STATUSES, type Status } from '../model/status';
import { countedFailures } from './counted';
import { reproScript } from './curl';
import type { ConformanceReport, ExpectedReason, ReportRootCause, ReportScenario } from './model';
import { frameworkErrorIn, verdictWords } from './words';

const MAX_BODY = 4096;

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:0;color:#1d2329;background:#f6f7f9}
main{max-width:1200px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}h2{margin-top:32px;border-bottom:1px solid #d8dde3;padding-bottom:4px}h3{margin:20px 0 6px}
.verdict{display:inline-block;padding:2px 12px;border-radius:4px;color:#fff;font-weight:700}
.verdict.conforms{background:#2e7d32}.verdict.partial{background:#b26a00}.verdict.fails{background:#c62828}
nav.toc{position:sticky;top:0;background:#f6f7f9ee;border-bottom:1px solid #d8dde3;padding:6px 0;margin:8px 0;z-index:1}
nav.toc a{margin-right:14px;white-space:nowrap}
.banner{background:#fff3cd;border:1px solid #e0c060;padding:8px 12px;border-radius:4px;margin:12px 0}
table{border-collapse:collapse;background:#fff;margin:8px 0}td,th{border:1px solid #d8dde3;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#eef1f4}td.n{text-align:right;font-variant-numeric:tabular-nums}
.s{display:inline-block;padding:0 6px;border-radius:3px;font-size:12px;font-weight:600;color:#fff;white-space:nowrap}
.s-passed{background:#2e7d32}.s-failed{background:#c62828}.s-blocked{background:#8d6e63}.s-errored{background:#8e24aa}.s-timed-out{background:#ef6c00}
.s-partly-tested{background:#1565c0}.s-unsupported{background:#607d8b}.s-skipped{background:#9e9e9e}
.c-pass{background:#2e7d32}.c-fail{background:#c62828}.c-warn{background:#ef6c00}.c-note{background:#0277bd}.c-skip{background:#9e9e9e}
.banner.bad{background:#fdecea;border-color:#e57373}
.lv{font-size:12px;color:#55606b}.lv-reference{font-style:italic}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}summary{overflow-wrap:anywhere}
pre{background:#fff;border:1px solid #d8dde3;padding:8px;overflow:auto;max-height:420px;white-space:pre-wrap;word-break:break-all}
details{background:#fff;border:1px solid #d8dde3;border-radius:4px;margin:8px 0;padding:6px 10px}
summary{cursor:pointer}.muted{color:#55606b}
.words{overflow-wrap:anywhere;min-width:440px}.fw-error{border-left:3px solid #c62828;padding-left:6px;margin:2px 0}
.fw-out{border-left:3px solid #8d6e63;max-height:160px;margin:4px 0}.expected{border-left:3px solid #1565c0;padding-left:6px;margin:4px 0;color:#33414e}
`;

/**
 * conformance.html: one self-contained page (inline CSS, no script, no external asset); every value
 * is escaped. Ordered for someone fixing their framework: verdict, root causes, the failures with
 * their reproductions, what is blocked, what the profile left out — and only then the full matrix.
 */
export function renderHtml(report: ConformanceReport): string {
  const e = escapeHtml;
  const impl = report.implementation ? `${report.implementation.name} ${report.implementation.version} (${report.implementation.language})` : 'unknown implementation';
  const words = verdictWords(report);
  // The failures heading counts what the verdict counts (counted.ts); the rest (reference level,
  // charged to reference rules only) has a heading of its own, after it.
  const counted = countedFailures(report);
  const failures = report.scenarios.filter((s) => isBad(s.status) && counted.has(s.id));
  const notCounted = report.scenarios.filter((s) => isBad(s.status) && !counted.has(s.id));
  const blocked = report.scenarios.filter((s) => s.status === 'blocked');
  const roots = report.rootCauses.filter((r) => levelCounts(r.level));
  const parts: string[] = [];
  parts.push(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>fw-conformance: ${e(impl)} — ${e(words.title.toLowerCase())}</title><style>${CSS}</style></head><body><main>`);
  parts.push(`<h1>fw-conformance <span class="verdict ${e(words.css)}">${e(words.title)}</span></h1>`,
    `<p><strong>${e(impl)}</strong> — suite ${e(report.suite.version)} (${e(report.suite.spec)}), protocol ${e(String(report.protocol ?? '?'))}. `,
    `${e(String(report.summary.conformance.percent))}% of must + implied rules pass (${report.summary.conformance.passed}/${report.summary.conformance.total}); `,
    `profile: ${report.profile.full ? 'full' : `<strong>partial</strong> (not declared: ${e(report.profile.missing.join(', '))})`}.</p>`,
    `<p>${e(report.verdictReason)}</p>`,
    `<p class="muted">CI gate: <strong>${report.gate.pass ? 'pass' : 'fail'}</strong> (exit ${report.gate.pass ? 0 : 1}) — ${e(report.gate.reason)}</p>`);
  const toc: Array<[string, string]> = [];
  if (roots.length > 0) toc.push(['root-causes', `Root causes (${roots.length})`]);
  if (failures.length > 0) toc.push(['failures', `Failures (${failures.length})`]);
  if (notCounted.length > 0) toc.push(['not-counted', `Not counted (${notCounted.length})`]);
  if (blocked.length > 0) toc.push(['blocked', `Blocked (${blocked.length})`]);
  if (!report.profile.full) toc.push(['profile', 'Profile']);
  toc.push(['summary', 'Summary'], ['adapter-check', 'Adapter check'], ['rules', 'Rules by spec section'], ['scenarios', 'All scenarios']);
  parts.push(`<nav class="toc">${toc.map(([id, label]) => `<a href="#${id}">${e(label)}</a>`).join('')}</nav>`);
  if (!report.complete) parts.push(`<div class="banner"><strong>Incomplete run:</strong> ${e(report.incompleteReason ?? 'interrupted')}</div>`);
  if (report.adapterCheck && report.adapterCheck.failed > 0) {
    parts.push(`<div class="banner bad"><strong>Adapter check: ${e(String(report.adapterCheck.failed))} failed.</strong> The adapter deviates from protocol 2; `,
      `scenarios that errored may share these causes (<a href="#adapter-check">details</a>). The verdict is about rules only.</div>`);
  }

  if (roots.length > 0) {
    parts.push('<h2 id="root-causes">Root causes</h2><p>Each failure is charged to one rule; a failure that relies on a failing rule is <em>blocked</em> by it and charged there. Fix the first and run again.</p>',
      '<table><tr><th>#</th><th>rule</th><th>level</th><th>statement</th><th>fails in</th><th>blocks</th><th>what failed first</th></tr>');
    roots.forEach((r, i) => {
      parts.push(`<tr><td class="n">${i + 1}</td><td><a href="#rule-${e(r.rule)}"><code>${e(r.rule)}</code></a></td><td class="lv">${e(r.level)}</td><td>${e(r.statement)}</td>`,
        `<td>${r.failing.map((id) => `<a href="#sc-${e(id)}"><code>${e(id)}</code></a>`).join(' ')}</td>`,
        `<td>${r.blocks === 0 ? '—' : `${r.blocks} result(s)${r.blockedRules.length > 0 ? ` in ${r.blockedRules.map((b) => `<a href="#rule-${e(b)}"><code>${e(b)}</code></a>`).join(' ')}` : ''}`}</td>`,
        `<td class="words">${firstFailure(r)}</td></tr>`);
    });
    parts.push('</table>');
  }

  parts.push(`<h2 id="failures">Failures (${failures.length})</h2>`,
    '<p class="muted">The failures the verdict counts: each is charged to a must or implied rule.</p>');
  if (failures.length === 0) parts.push('<p>None.</p>');
  for (const s of failures) parts.push(failureDetails(s, report));
  if (notCounted.length > 0) {
    parts.push(`<h2 id="not-counted">Not counted (${notCounted.length})</h2>`,
      '<p class="muted">These failed too, and never count: reference-level scenarios (the reference\'s choices where the spec says "not shown"), and failures charged to reference-level rules only.</p>');
    for (const s of notCounted) parts.push(failureDetails(s, report));
  }

  if (blocked.length > 0) {
    parts.push(`<h2 id="blocked">Blocked (${blocked.length})</h2><p>These failed too, but they rely on a rule that fails on its own: they are charged there and are not counted against their own rule.</p>`,
      '<table><tr><th>scenario</th><th>blocked by</th><th>what it saw</th></tr>');
    for (const s of blocked) {
      parts.push(`<tr id="sc-${e(s.id)}"><td><code>${e(s.id)}</code><br><span class="muted">${e(s.name)}</span></td><td><a href="#rule-${e(s.blockedBy ?? '')}"><code>${e(s.blockedBy ?? '')}</code></a></td>`,
        `<td><pre>${e((s.message ?? '').replace(/^blocked by [^:]+: /, ''))}</pre></td></tr>`);
    }
    parts.push('</table>');
  }

  if (!report.profile.full) {
    const p = report.profile;
    parts.push(`<h2 id="profile">Profile</h2><p>Declared: ${p.declared.map((c) => `<code>${e(c)}</code>`).join(' ')}.</p>`,
      `<p><strong>Not declared:</strong> ${p.missing.map((c) => `<code>${e(c)}</code>`).join(' ')} — their scenarios were not run and count as not passed.</p>`);
    if (p.requested) parts.push(`<p>Held to the profile ${p.requested.map((c) => `<code>${e(c)}</code>`).join(' ')}.</p>`);
    if (p.untested.length > 0) parts.push(`<p>must and implied rules left untested (${p.untested.length}): ${p.untested.map((id) => `<a href="#rule-${e(id)}"><code>${e(id)}</code></a>`).join(' ')}</p>`);
  }

  parts.push(`<h2 id="summary">Summary</h2><p class="muted">Seed <code>${e(String(report.seed))}</code>, ${report.numRuns} runs per property; started ${e(report.startedAt)}; wall time ${e((report.timing.wallMs / 1000).toFixed(1))} s`,
    report.timing.medianRequestMs !== null ? `; ${report.timing.requests} HTTP requests, median ${e(report.timing.medianRequestMs.toFixed(2))} ms` : '', `.</p>`, countsTable(report));
  parts.push(adapterCheckSection(report));

  if (report.expectations) {
    const x = report.expectations;
    parts.push(`<h2>Expectations</h2><p>${e(x.file)} (${e(x.implementation)}): ${x.matched} matched, ${x.mismatches.length} mismatches.</p>`);
    if (x.profile) parts.push(`<p>Profile: ${x.profile.status === 'matches' ? 'matches the recorded one' : `<strong>differs</strong> — ${e(x.profile.message)}`}.</p>`);
    if (x.mismatches.length > 0) {
      parts.push('<table><tr><th>id</th><th>kind</th><th>expected</th><th>actual</th><th>reason</th></tr>');
      for (const m of x.mismatches) parts.push(`<tr><td><code>${e(m.id)}</code></td><td>${e(m.kind)}: ${e(m.detail)}</td><td>${badge(m.expected)}</td><td>${badge(m.actual)}</td><td>${e(m.reason ?? '')}</td></tr>`);
      parts.push('</table>');
    }
  }

  parts.push('<h2 id="rules">Rules by spec section</h2>');
  const sections = new Map<string, typeof report.rules>();
  for (const r of report.rules) sections.set(r.section || '(no section)', [...(sections.get(r.section || '(no section)') ?? []), r]);
  for (const [section, rules] of sections) {
    parts.push(`<h3>${e(section)}</h3><table><tr><th>rule</th><th>level</th><th>status</th><th>statement</th><th>evidence</th></tr>`);
    for (const r of rules) {
      const evidence = r.outcomes.map((o) => `<a href="#sc-${e(o.scenario)}" title="${e(o.status)}${o.blockedBy ? ` by ${e(o.blockedBy)}` : ''}"><code>${e(o.scenario)}</code></a>${o.status === 'passed' ? '' : ` ${badge(o.status)}`}`).join(' ');
      parts.push(`<tr id="rule-${e(r.id)}"><td><code>${e(r.id)}</code></td><td class="lv lv-${e(r.level)}">${e(r.level)}</td><td>${badge(r.status)}`,
        `${r.blockedBy.length > 0 ? `<br><span class="muted">by ${r.blockedBy.map((b) => `<a href="#rule-${e(b)}"><code>${e(b)}</code></a>`).join(' ')}</span>` : ''}</td>`,
        `<td>${e(r.statement)}</td><td>${evidence}</td></tr>`);
    }
    parts.push('</table>');
  }

  const others = report.scenarios.filter((s) => s.status === 'unsupported' || s.status === 'skipped');
  if (others.length > 0) {
    parts.push(`<h2>Not run (${others.length})</h2><table><tr><th>scenario</th><th>status</th><th>why</th></tr>`);
    for (const s of others) parts.push(`<tr id="sc-${e(s.id)}"><td><code>${e(s.id)}</code></td><td>${badge(s.status)}</td><td>${e(s.message ?? '')}</td></tr>`);
    parts.push('</table>');
  }

  parts.push(`<h2 id="scenarios">All scenarios (${report.scenarios.length})</h2><table><tr><th>scenario</th><th>level</th><th>status</th><th>rules</th><th>feature</th><th>ms</th></tr>`);
  for (const s of report.scenarios) {
    parts.push(`<tr><td><a href="#sc-${e(s.id)}"><code>${e(s.id)}</code></a><br><span class="muted">${e(s.name)}</span></td><td class="lv lv-${e(s.level)}">${e(s.level)}</td>`,
      `<td>${badge(s.status)}</td><td>${s.rules.map((r) => `<a href="#rule-${e(r)}"><code>${e(r)}</code></a>`).join(' ')}</td><td><code>${e(s.feature)}</code></td><td class="n">${e(String(s.durationMs))}</td></tr>`);
  }
  parts.push('</table>');

  if (report.coverage) {
    parts.push(`<h2>Coverage of the target</h2><pre>${e(report.coverage.summary)}</pre><p>HTML report: <code>${e(report.coverage.dir)}/index.html</code>; not reached: <code>${e(report.coverage.uncovered)}</code></p>`);
  }
  if (report.warnings.length > 0) parts.push('<h2>Warnings</h2><ul>', ...report.warnings.map((w) => `<li>${e(w)}</li>`), '</ul>');
  parts.push('</main></body></html>\n');
  return parts.join('');
}

/** The adapter check run before the suite: counts, then the checks that failed, warned or noted. */
function adapterCheckSection(report: ConformanceReport): string {
  const e = escapeHtml;
  const check = report.adapterCheck;
  const head = '<h2 id="adapter-check">Adapter check</h2>';
  if (!check) {
    return `${head}<p class="muted">${report.options.skipAdapterCheck ? 'Skipped (--skip-adapter-check).' : 'Not run (the run stopped before it, or it did not finish).'}</p>`;
  }
  const out = [head, `<p>${e(String(check.passed))} passed, ${e(String(check.failed))} failed, ${e(String(check.warnings))} warnings, ${e(String(check.notes))} notes, ${e(String(check.skipped))} skipped `,
    `<span class="muted">(protocol smoke test, <code>--check-adapter</code>; informative: it does not change the verdict; notes are the framework's behaviour, not protocol faults)</span>.</p>`];
  const shown = check.checks.filter((c) => c.status === 'fail' || c.status === 'warn' || c.status === 'note');
  if (shown.length > 0) {
    out.push('<table><tr><th>check</th><th>status</th><th>section</th><th>expects</th><th>found</th></tr>');
    for (const c of shown) {
      const evidence = c.evidence.map((x) => `sent: ${x.sent}\ngot:  ${x.got}`).join('\n');
      out.push(`<tr id="check-${e(c.id)}"><td><code>${e(c.id)}</code></td><td><span class="s c-${e(c.status)}">${e(c.status)}</span></td>`,
        `<td>${e(c.section)}</td><td>${e(c.title)}</td><td><pre>${e(c.message ?? '')}</pre>${evidence ? `<details><summary>exchanges</summary><pre>${e(evidence)}</pre></details>` : ''}</td></tr>`);
    }
    out.push('</table>');
  }
  return out.join('');
}

function countsTable(report: ConformanceReport): string {
  const rows: string[] = [`<table><tr><th></th>${STATUSES.map((s) => `<th>${badge(s)}</th>`).join('')}<th>total</th></tr>`];
  for (const [what, counts] of [['rules', report.summary.rules], ['scenarios', report.summary.scenarios]] as const) {
    for (const level of LEVELS) {
      const c = counts.byLevel[level];
      if (c.total === 0) continue;
      rows.push(`<tr><td>${what} (${level})</td>${STATUSES.map((s) => `<td class="n">${c[s]}</td>`).join('')}<td class="n">${c.total}</td></tr>`);
    }
  }
  rows.push('</table>');
  return rows.join('');
}

function badge(status: Status): string {
  return `<span class="s s-${escapeHtml(status)}">${escapeHtml(status)}</span>`;
}

function failureDetails(s: ReportScenario, report: ConformanceReport): string {
  const e = escapeHtml;
  const out: string[] = [`<details id="sc-${e(s.id)}" open><summary>${badge(s.status)} <code>${e(s.id)}</code> — ${e(s.name)} <span class="muted">(${e(s.level)}; ${e(s.feature)})</span></summary>`];
  out.push(`<p>Rules: ${s.rules.map((r) => `<a href="#rule-${e(r)}"><code>${e(r)}</code></a>`).join(' ')}${s.step ? `; at step <code>${e(s.step)}</code>` : ''}</p>`);
  if (s.boot?.rule) {
    out.push(`<p>The framework refused to boot the application. The refused definition is ${e(s.boot.definition ?? '?')}, so this is a failure of `,
      `<a href="#rule-${e(s.boot.rule)}"><code>${e(s.boot.rule)}</code></a>.</p>`);
  }
  const expected = s.rules.map((rule) => expectedReason(report, rule)).find((x) => x !== null);
  if (expected) out.push(expectedLine(expected));
  const frameworkError = frameworkErrorIn(s);
  if (frameworkError !== null) out.push(`<p class="fw-error"><strong>The framework's error:</strong> ${e(frameworkError)}</p>`);
  if (s.message) out.push(`<pre>${e(s.message)}</pre>`);
  if (s.adapterOutput && s.adapterOutput.length > 0) {
    out.push(`<p class="muted">What the adapter wrote to stderr while this scenario ran (best effort: scenarios and properties that run at once share the adapter):</p><pre class="fw-out">${e(s.adapterOutput.join('\n'))}</pre>`);
  }
  if (s.property) {
    const p = s.property;
    out.push(`<h4>Property ${e(String(p.property ?? ''))}</h4><p>seed <code>${e(String(p.seed ?? report.seed))}</code>${p.path ? `, path <code>${e(String(p.path))}</code>` : ''} — replay with <code>--seed ${e(String(p.seed ?? report.seed))}${p.path ? ` --path ${e(String(p.path))}` : ''}</code></p>`);
    if (p.gherkin) out.push(`<p>Counterexample as a scenario:</p><pre>${e(String(p.gherkin))}</pre>`);
    if (p.counterexample !== undefined && !p.gherkin) out.push(`<pre>${e(JSON.stringify(p.counterexample, null, 2))}</pre>`);
  }
  if (s.manifest !== null && s.manifest !== undefined) out.push(`<h4>Manifest</h4><pre>${e(JSON.stringify(s.manifest, null, 2))}</pre>`);
  if (s.exchanges && s.exchanges.length > 0) {
    const target = { url: report.target.url ?? 'http://127.0.0.1:8080', start: report.target.start };
    out.push(`<h4>Reproduce with curl</h4><pre>${e(reproScript(s.exchanges, target))}</pre><h4>Exchanges</h4>`);
    for (const x of s.exchanges) {
      const head = `${x.method} ${x.path} → ${x.status ?? x.error ?? 'no answer'}`;
      const response = [
        x.status !== undefined ? `HTTP ${x.status}` : `no response: ${x.error ?? ''}`,
        ...Object.entries(x.responseHeaders ?? {}).map(([k, v]) => `${k}: ${v}`),
        '',
        truncate(x.responseBody ?? ''),
      ].join('\n');
      out.push(`<details><summary><code>${e(head)}</code> <span class="muted">${e(x.durationMs.toFixed(1))} ms</span></summary><pre>${e(response)}</pre></details>`);
    }
  }
  out.push('</details>');
  return out.join('');
}

/**
 * "What failed first" of a root cause: the framework's error when the adapter sent it (with what
 * the assertion wanted, shortened), else the assertion's first line and the adapter's stderr,
 * else that first line alone (which then quotes the body); and the expectations file's reason.
 */
function firstFailure(r: ReportRootCause): string {
  const e = escapeHtml;
  const words = r.words;
  const message = firstLine(r.message ?? '');
  const parts: string[] = [];
  if (words?.frameworkError) {
    parts.push(`<div class="fw-error">${e(words.frameworkError)}</div>`, `<div class="muted">${e(withoutBody(message))}</div>`);
  } else {
    parts.push(e(message));
    if (words?.adapterOutput && words.adapterOutput.length > 0) {
      parts.push(`<pre class="fw-out" title="what the adapter wrote to stderr while ${e(words.scenario ?? 'the scenario')} ran">${e(words.adapterOutput.join('\n'))}</pre>`);
    }
  }
  if (words?.expected) parts.push(expectedLine(words.expected));
  return parts.join('');
}

/** A failure message's first line without the body it quotes, once the framework's error says more. */
function withoutBody(line: string): string {
  const cut = [", the framework's error:", ' with the body "<', ' "<'].map((m) => line.indexOf(m)).filter((i) => i > 0);
  return cut.length > 0 ? `${line.slice(0, Math.min(...cut))} …` : line;
}

function expectedReason(report: ConformanceReport, rule: string): ExpectedReason | null {
  const r = report.expectations?.reasons?.find((x) => x.rule === rule);
  return r ? { reason: r.reason ?? null, issue: r.issue ?? null } : null;
}

/** The expectations file's reason for an expected failure, as its author wrote it. */
function expectedLine(x: ExpectedReason): string {
  const e = escapeHtml;
  const issue = x.issue ? ` <span class="muted">(${/^https?:\/\//.test(x.issue) ? `<a href="${e(x.issue)}">${e(x.issue)}</a>` : e(x.issue)})</span>` : '';
  return `<div class="expected"><strong>Known failure:</strong> ${e(x.reason ?? '(no reason given)')}${issue}</div>`;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

function truncate(body: string): string {
  return body.length > MAX_BODY ? `${body.slice(0, MAX_BODY)}\n… (${body.length - MAX_BODY} more characters)` : body;
}
