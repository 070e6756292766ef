import * as fs from 'node:fs';
import * as path from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import type { GherkinDocument, Pickle } from '@cucumber/messages';
import { manifestCapabilities, ordered } from '../conformance-runner/src/protocol/capabilities';
import { constraintsOf, portabilityProblems } from '../conformance-runner/src/properties/regex/portable';
import { CAPABILITIES, SERVER_LIMITS, type Capability, type Manifest, type Statement } from '../conformance-runner/src/protocol/manifest';
import { parseRoutes } from '../steps/support/notation/parser';

/**
 * The traceability gate: every rule of features/rules.json has a scenario, every scenario names
 * known rules and has one stable, unique id. Scenarios are counted as cucumber runs them
 * (pickles), so each Examples row of an outline is checked on its own.
 *
 * Run: node -r ./scripts/register.js scripts/traceability.ts   (exit 1 with the list of problems)
 */

export const LEVELS = ['must', 'implied', 'reference'] as const;
export type Level = (typeof LEVELS)[number];

export interface RuleEntry {
  id: string;
  section: string;
  level: Level;
  statement: string;
  /** For must/implied rules: the broken implementation that the rule's scenarios catch. */
  catches?: string;
  /** Rules whose mechanism this one builds on: one fault there, with the same symptom, is one root (attribution). */
  standsOn?: string[];
}

export interface FeatureSource {
  /** Path shown in messages, e.g. features/04-params.feature */
  uri: string;
  data: string;
}

export interface ScenarioInfo {
  id: string | undefined;
  name: string;
  location: string;
  rules: string[];
  needs: string[];
  capabilities: string[];
  server: string[];
}

export interface TraceabilityReport {
  ok: boolean;
  problems: string[];
  rules: number;
  rulesByLevel: Record<Level, number>;
  scenarios: number;
  features: number;
  /** Rule id → ids of the scenarios that test it. */
  coverage: Record<string, string[]>;
}

export const RULE_ID = /^[a-z][a-z0-9]*(\.[a-z0-9-]+)+$/;
export const SCENARIO_ID = /^[a-z][a-z0-9]*-[a-z0-9]+(-[a-z0-9]+)*$/;
const KNOWN_TAG_PREFIXES = ['id', 'rule', 'needs', 'capability', 'server'];
/** Steps whose docstring is route notation: it must compile, or the scenario cannot run. */
const ROUTE_STEP = /^(the routes:|the route file "(.*)" (loaded by the bootstrap sequence|loaded by a service provider|that nothing loads):)$/;
/** Steps that ask for URL generation (POST /__fw/url). */
const URL_STEP = /^I generate the URL for /;

export function checkTraceability(catalog: unknown, features: FeatureSource[]): TraceabilityReport {
  const problems: string[] = [];
  const rules = checkCatalog(catalog, problems);
  const byId = new Map(rules.map((r) => [r.id, r]));
  const coverage: Record<string, string[]> = Object.fromEntries(rules.map((r) => [r.id, []]));
  const seenIds = new Map<string, string>();
  let scenarios = 0;

  for (const feature of features) {
    const parsed = parseFeature(feature, problems);
    if (!parsed) continue;
    for (const { pickle, location } of parsed) {
      scenarios++;
      const info = scenarioInfo(pickle, location);
      const where = `${location} "${pickle.name}"`;
      for (const tag of pickle.tags.map((t) => t.name)) {
        const prefix = /^@([^:]+):/.exec(tag)?.[1];
        if (prefix !== undefined && !KNOWN_TAG_PREFIXES.includes(prefix)) problems.push(`${where}: unknown tag ${tag} (known: @id:, @rule:, @needs:, @capability:, @server:)`);
      }
      const ids = pickle.tags.filter((t) => t.name.startsWith('@id:'));
      if (ids.length !== 1) {
        problems.push(`${where}: needs exactly one @id tag, has ${ids.length}${ids.length > 1 ? ` (${ids.map((t) => t.name).join(' ')})` : ''}`);
      }
      if (info.id !== undefined && ids.length === 1) {
        if (!SCENARIO_ID.test(info.id)) problems.push(`${where}: @id:${info.id} is not of the form <section>-<slug> (lower case, digits, hyphens)`);
        const sections = new Set(info.rules.map((r) => r.split('.')[0]));
        const section = info.id.split('-')[0]!;
        if (info.rules.length > 0 && !sections.has(section)) {
          problems.push(`${where}: @id:${info.id} must start with the section of one of its rules (${[...sections].join(', ')})`);
        }
        const previous = seenIds.get(info.id);
        if (previous !== undefined) problems.push(`${where}: @id:${info.id} is already used by ${previous}`);
        else seenIds.set(info.id, where);
      }
      if (info.rules.length === 0) problems.push(`${where}: has no @rule tag`);
      const property = pickle.tags.some((t) => t.name === '@property');
      // One scenario, one rule (docs/reports.md): what else it relies on is @needs:, or read from its steps.
      if (!property && info.rules.length > 1) problems.push(`${where}: has ${info.rules.length} @rule tags (${info.rules.join(', ')}); a scenario checks one rule: make the others @needs: or another scenario`);
      for (const need of info.needs) {
        const def = byId.get(need);
        if (!def) problems.push(`${where}: @needs:${need} is not in features/rules.json`);
        // A @needs on a reference rule is allowed: it makes the scenario reference (its level is the
        // strictest of its rules and needs), so a reference rule still blocks no counted result.
        else if (info.rules.includes(need)) problems.push(`${where}: @needs:${need} is also its @rule`);
      }
      for (const rule of info.rules) {
        if (!byId.has(rule)) problems.push(`${where}: @rule:${rule} is not in features/rules.json`);
        else if (info.id !== undefined && !coverage[rule]!.includes(info.id)) coverage[rule]!.push(info.id);
      }
      for (const cap of info.capabilities) {
        if (cap === 'routing') problems.push(`${where}: @capability:routing is implicit, leave it out`);
        else if (!(CAPABILITIES as readonly string[]).includes(cap)) problems.push(`${where}: unknown @capability:${cap} (protocol §5: ${CAPABILITIES.join(', ')})`);
      }
      for (const limit of info.server) {
        if (!(SERVER_LIMITS as readonly string[]).includes(limit)) problems.push(`${where}: unknown @server:${limit} (protocol §3.1: ${SERVER_LIMITS.join(', ')})`);
      }
      if (info.server.length > 0 && info.rules.some((r) => byId.get(r)?.level !== 'reference')) {
        problems.push(`${where}: a scenario that depends on the HTTP server (@server:) must be reference level: a server limit may never make a counted rule untestable`);
      }
      const manifest: Manifest = { protocol: 2, routeFiles: { web: [] } };
      let usesUrls = false;
      let compiled = true;
      for (const step of pickle.steps) {
        if (URL_STEP.test(step.text)) usesUrls = true;
        const route = ROUTE_STEP.exec(step.text);
        if (!route || !step.argument?.docString) continue;
        try {
          const file = route[2] ?? 'web';
          manifest.routeFiles[file] = [...(manifest.routeFiles[file] ?? []), ...parseRoutes(step.argument.docString.content)] as Statement[];
          if (route[3] === 'loaded by the bootstrap sequence') manifest.bootstrap = [...(manifest.bootstrap ?? []), file];
          if (route[3] === 'loaded by a service provider') manifest.providers = [...(manifest.providers ?? []), file];
        } catch (err) {
          compiled = false;
          problems.push(`${where}: the routes of "${step.text}" do not compile: ${(err as Error).message}`);
        }
      }
      // Counted scenarios use only the regexes ECMAScript and PCRE2 agree on (the spec names no dialect).
      const counted = info.rules.length > 0 && info.rules.every((r) => byId.get(r) !== undefined && byId.get(r)!.level !== 'reference');
      if (compiled && counted) {
        for (const uri of uris(manifest)) {
          for (const constraint of constraintsOf(uri)) {
            for (const why of portabilityProblems(constraint)) problems.push(`${where}: the constraint ${JSON.stringify(constraint)} of a counted scenario is outside the ECMAScript/PCRE2 common subset: ${why}`);
          }
        }
      }
      // Property scenarios build their manifests at run time; their tags are checked against the definitions.
      if (compiled && !property) {
        const needed = ordered([...manifestCapabilities(manifest), ...(usesUrls ? ['url-generation' as Capability] : [])]);
        const tagged = ordered(info.capabilities.filter((c): c is Capability => c !== 'routing' && (CAPABILITIES as readonly string[]).includes(c)));
        if (needed.join() !== tagged.join()) {
          problems.push(`${where}: its routes and steps need the capabilities [${needed.join(', ')}] (protocol §5), its @capability tags say [${tagged.join(', ')}]`);
        }
      }
    }
  }

  for (const rule of rules) {
    if (coverage[rule.id]!.length === 0) problems.push(`rule ${rule.id} (${rule.level}) has no scenario`);
  }

  const rulesByLevel = { must: 0, implied: 0, reference: 0 } as Record<Level, number>;
  for (const r of rules) if ((LEVELS as readonly string[]).includes(r.level)) rulesByLevel[r.level]++;
  return { ok: problems.length === 0, problems, rules: rules.length, rulesByLevel, scenarios, features: features.length, coverage };
}

function uris(manifest: Manifest): string[] {
  const out: string[] = [];
  const walk = (statements: Statement[], prefix: string): void => {
    for (const s of statements) {
      if ('group' in s) walk(s.routes, prefix + (s.group.prefix ?? ''));
      else if ('uri' in s) out.push(prefix + s.uri);
    }
  };
  for (const statements of Object.values(manifest.routeFiles)) walk(statements, '');
  return out;
}

function checkCatalog(catalog: unknown, problems: string[]): RuleEntry[] {
  if (catalog === null || typeof catalog !== 'object' || !Array.isArray((catalog as { rules?: unknown }).rules)) {
    problems.push('rules.json: expected an object {"version": 1, "spec": ..., "rules": [...]}');
    return [];
  }
  const { version, spec, rules } = catalog as { version?: unknown; spec?: unknown; rules: unknown[] };
  if (version !== 1) problems.push(`rules.json: "version" must be 1, got ${JSON.stringify(version)}`);
  if (typeof spec !== 'string' || spec === '') problems.push('rules.json: "spec" must name the specification file');
  const seen = new Set<string>();
  const valid: RuleEntry[] = [];
  const foundations: Array<[string, string]> = [];
  rules.forEach((raw, index) => {
    const rule = raw as Partial<RuleEntry> | null;
    const where = `rules.json rules[${index}]${typeof rule?.id === 'string' ? ` (${rule.id})` : ''}`;
    if (rule === null || typeof rule !== 'object') {
      problems.push(`${where}: not an object`);
      return;
    }
    let ok = true;
    const bad = (message: string): void => {
      problems.push(`${where}: ${message}`);
      ok = false;
    };
    if (typeof rule.id !== 'string' || !RULE_ID.test(rule.id)) bad(`id ${JSON.stringify(rule.id)} does not match ${RULE_ID}`);
    else if (seen.has(rule.id)) bad(`id ${rule.id} appears more than once`);
    else seen.add(rule.id);
    if (!(LEVELS as readonly unknown[]).includes(rule.level)) bad(`level ${JSON.stringify(rule.level)} is not one of ${LEVELS.join(', ')}`);
    if (typeof rule.statement !== 'string' || rule.statement.trim() === '') bad('statement is empty');
    if (typeof rule.section !== 'string' || rule.section.trim() === '') bad('section is empty');
    if ((rule.level === 'must' || rule.level === 'implied') && (typeof rule.catches !== 'string' || rule.catches.trim() === '')) {
      bad(`a ${rule.level} rule needs "catches": the broken implementation its scenarios catch`);
    }
    if (rule.standsOn !== undefined) {
      // A rule stands on the mechanism of another: a counted rule on a counted one, never on itself.
      if (!Array.isArray(rule.standsOn) || rule.standsOn.some((r) => typeof r !== 'string' || r === rule.id)) bad('standsOn is a list of other rules\' ids');
      else foundations.push(...rule.standsOn.map((r) => [where, r] as [string, string]));
    }
    const extra = Object.keys(rule).filter((k) => !['id', 'section', 'level', 'statement', 'catches', 'standsOn'].includes(k));
    if (extra.length > 0) bad(`unknown field(s) ${extra.join(', ')}`);
    if (ok || (typeof rule.id === 'string' && RULE_ID.test(rule.id))) valid.push(rule as RuleEntry);
  });
  const levelOf = new Map(valid.map((r) => [r.id, r.level]));
  for (const [where, id] of foundations) {
    if (!levelOf.has(id)) problems.push(`${where}: standsOn names ${id}, which is not in rules.json`);
    else if (levelOf.get(id) === 'reference') problems.push(`${where}: standsOn names the reference rule ${id}; only must and implied rules can block others`);
  }
  return valid;
}

function parseFeature(feature: FeatureSource, problems: string[]): { pickle: Pickle; location: string }[] | undefined {
  let counter = 0;
  const newId = (): string => String(counter++);
  let document: GherkinDocument;
  try {
    document = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(feature.data);
  } catch (err) {
    problems.push(`${feature.uri}: does not parse: ${(err as Error).message}`);
    return undefined;
  }
  const lines = astLines(document);
  return compile(document, feature.uri, newId).map((pickle) => {
    // The last AST node of a pickle is its Examples row when it comes from an outline.
    const node = pickle.astNodeIds[pickle.astNodeIds.length - 1]!;
    return { pickle, location: `${feature.uri}:${lines.get(node) ?? '?'}` };
  });
}

function astLines(document: GherkinDocument): Map<string, number> {
  const lines = new Map<string, number>();
  const visit = (children: NonNullable<GherkinDocument['feature']>['children']): void => {
    for (const child of children) {
      if (child.rule) visit(child.rule.children);
      const scenario = child.scenario;
      if (!scenario) continue;
      lines.set(scenario.id, scenario.location.line);
      for (const examples of scenario.examples) {
        for (const row of examples.tableBody) lines.set(row.id, row.location.line);
      }
    }
  };
  if (document.feature) visit(document.feature.children);
  return lines;
}

function scenarioInfo(pickle: Pickle, location: string): ScenarioInfo {
  const values = (prefix: string): string[] => pickle.tags.map((t) => t.name).filter((t) => t.startsWith(prefix)).map((t) => t.slice(prefix.length));
  return {
    id: values('@id:')[0],
    name: pickle.name,
    location,
    rules: [...new Set(values('@rule:'))],
    needs: [...new Set(values('@needs:'))],
    capabilities: [...new Set(values('@capability:'))],
    server: [...new Set(values('@server:'))],
  };
}

/** Reads features/rules.json and every .feature file under features/ (properties included). */
export function loadRepository(root: string): { catalog: unknown; features: FeatureSource[] } {
  const featuresDir = path.join(root, 'features');
  const catalogPath = path.join(featuresDir, 'rules.json');
  let catalog: unknown;
  try {
    catalog = JSON.parse(fs.readFileSync(catalogPath, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read ${path.relative(root, catalogPath)}: ${(err as Error).message}`);
  }
  const features: FeatureSource[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.feature')) features.push({ uri: path.relative(root, full), data: fs.readFileSync(full, 'utf8') });
    }
  };
  walk(featuresDir);
  return { catalog, features };
}

export function formatReport(report: TraceabilityReport): string {
  const summary = `traceability: ${report.rules} rules (${report.rulesByLevel.must} must, ${report.rulesByLevel.implied} implied, ` +
    `${report.rulesByLevel.reference} reference), ${report.scenarios} scenarios in ${report.features} feature files`;
  if (report.ok) return `${summary}; every rule has a scenario, every scenario names known rules: OK`;
  return [`${report.problems.length} traceability problem(s):`, ...report.problems.map((p) => `  - ${p}`), `${summary}: FAILED`].join('\n');
}

function main(): void {
  const root = path.resolve(__dirname, '..');
  try {
    const { catalog, features } = loadRepository(root);
    const report = checkTraceability(catalog, features);
    const text = formatReport(report);
    if (report.ok) process.stdout.write(`${text}\n`);
    else process.stderr.write(`${text}\n`);
    process.exitCode = report.ok ? 0 : 1;
  } catch (err) {
    process.stderr.write(`traceability: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}

if (require.main === module) main();
