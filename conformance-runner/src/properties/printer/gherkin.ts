import type { Manifest, Statement } from '../../protocol';
import type { Check, Expectation } from '../engine/plan';
import { printRoutes } from './notation';

/**
 * Prints a shrunk counterexample as a scenario in the features' own notation and steps
 * (features/README.md): paste it into a feature file to keep the case as a regression test.
 */
export interface CounterexampleScenario {
  property: string;
  /** The property scenario's @id; the printed scenario gets a derived one. */
  scenarioId?: string;
  rules: string[];
  capabilities: string[];
  /** How to get the case again: fast-check's seed and path, or a stored case (replayed on every run). */
  origin: { seed: number; path: string } | { caseId: string; source: 'corpus' | 'expectations' };
  /** The case's stable id (corpus/caseId.ts): what names the printed scenario. */
  caseId: string;
  manifest: Manifest;
  /** The failing checks (none when the application did not boot), with what went wrong. */
  failing: Array<{ check?: Check; rule?: string; messages: string[] }>;
}

export function printGherkin(c: CounterexampleScenario): string {
  const rules = unique(c.failing.map((f) => f.rule ?? f.check?.rule).filter((r): r is string => r !== undefined));
  const tagRules = rules.length > 0 ? rules : c.rules.slice(0, 1);
  const section = (c.scenarioId ?? tagRules[0] ?? 'properties').split(/[.-]/)[0];
  const tags = [
    `@id:${section}-counterexample-${c.property}-${c.caseId}`,
    ...tagRules.map((r) => `@rule:${r}`),
    ...c.capabilities.map((cap) => `@capability:${cap}`),
  ];
  const lines: string[] = [
    ...originComments(c),
    tags.join(' '),
    `Scenario: Counterexample of the property "${c.property}"`,
    ...routeSteps(c.manifest),
  ];
  if (c.failing.length === 0 || c.failing.every((f) => f.check === undefined)) {
    for (const f of c.failing) for (const m of f.messages) lines.push(`  # ${oneLine(m)}`);
    lines.push('  Then the application boots');
  }
  for (const f of c.failing) {
    if (!f.check) continue;
    for (const m of f.messages) lines.push(`  # ${oneLine(m)}`);
    lines.push(...checkSteps(f.check));
  }
  return lines.join('\n');
}

function originComments(c: CounterexampleScenario): string[] {
  const o = c.origin;
  if ('seed' in o) return [`# Shrunk counterexample of the property "${c.property}" (case ${c.caseId}, seed ${o.seed}, path "${o.path}").`, `# Replay it with: --seed ${o.seed} --path "${o.path}"`];
  const where = o.source === 'corpus' ? "the suite's corpus" : 'the expectations file';
  return [`# Counterexample of the property "${c.property}": case ${c.caseId} of ${where}, replayed on every run.`];
}

function routeSteps(manifest: Manifest): string[] {
  const out: string[] = [];
  const block = (title: string, statements: Statement[]) => {
    out.push(`  ${title}`, '    """', ...printRoutes(statements).split('\n').map((l) => (l === '' ? l : `    ${l}`)), '    """');
  };
  if (manifest.routeFiles.web.length === 0) out.push('  Given no routes');
  else block('Given the routes:', manifest.routeFiles.web);
  for (const file of manifest.bootstrap ?? []) block(`And the route file ${quote(file)} loaded by the bootstrap sequence:`, manifest.routeFiles[file] ?? []);
  for (const file of manifest.providers ?? []) block(`And the route file ${quote(file)} loaded by a service provider:`, manifest.routeFiles[file] ?? []);
  return out;
}

function checkSteps(check: Check): string[] {
  if (check.kind === 'request') return [`  When I request ${check.method} ${quote(check.path)}`, ...expectationSteps(check.expect)];
  const out = [
    `  When I generate the URL for ${quote(check.name)} with the parameters:`,
    '    """json',
    `    ${JSON.stringify(check.params)}`,
    '    """',
  ];
  // The exact path is only prescribable when no value needs encoding (how to encode is not shown).
  const path = `/${check.expect.segments.join('/')}`;
  if (check.expect.segments.every((s) => /^[A-Za-z0-9\-._~]+$/.test(s))) {
    if (check.expect.query.length === 0) out.push(`  Then the URL is ${quote(check.expect.segments.length === 0 ? '/' : path)}`);
    else {
      out.push(`  Then the URL has the path ${quote(path)} and the query:`, '    | key | value |');
      for (const [k, v] of check.expect.query) out.push(`    | ${cell(k)} | ${cell(v)} |`);
    }
  }
  out.push(`  When I request ${check.follow.method} the generated URL`, ...expectationSteps(check.follow.expect));
  return out;
}

function expectationSteps(e: Expectation): string[] {
  const out = [`  Then the status is ${e.status}`];
  if (e.status === 405) out.push(`  And the Allow header lists exactly ${quote(e.allow.join(', '))}`);
  if (e.status !== 200) return out;
  const body = e.body;
  if (body.kind === 'text') out.push(`  And the body is ${quote(body.value)}`);
  else if (body.kind === 'args') {
    out.push(body.values.length === 0 ? '  And the closure received no arguments'
      : `  And the closure received the strings ${body.values.map((v) => JSON.stringify(v)).join(', ')}`);
  } else {
    out.push('  And the JSON body is:', '    """json', `    ${JSON.stringify({ action: body.action, params: body.params })}`, '    """');
  }
  return out;
}

/** A Cucumber-expression {string}: double quotes, with inner double quotes escaped. */
function quote(text: string): string {
  return `"${text.replace(/"/g, '\\"')}"`;
}

function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, '\\n');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
