import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateMessages } from '@cucumber/gherkin';
import { IdGenerator, SourceMediaType, type Pickle } from '@cucumber/messages';
import { COMPILED } from '../../config/layout';
import { isLevel, scenarioLevel, type Level } from '../../model/levels';
import type { RuleDef, ScenarioDef, Suite } from '../../model/suite';

/** The suite on disk is broken (missing or malformed rules.json, unparsable feature). */
export class SuiteError extends Error {
  override name = 'SuiteError';
}

export const FEATURES_GLOB = 'features/**/*.feature';
/** The suite's step definitions, from the suite root: the sources, or the installed package's compiled steps. */
export const STEPS_GLOB = COMPILED ? 'dist/steps/**/*.js' : 'steps/**/*.ts';
const RULE_ID = /^[a-z][a-z0-9]*(\.[a-z0-9-]+)+$/;
/** The step of steps/properties that runs a property (its text in a pickle). */
const PROPERTY_STEP = /^the property "(.+)" is checked$/;

export function loadSuite(root: string): Suite {
  const { spec, rules } = loadRules(path.join(root, 'features', 'rules.json'));
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  const warnings: string[] = [];
  const scenarios: ScenarioDef[] = [];
  for (const file of featureFiles(path.join(root, 'features'))) {
    const uri = path.relative(root, file).split(path.sep).join('/');
    const envelopes = generateMessages(fs.readFileSync(file, 'utf8'), uri, SourceMediaType.TEXT_X_CUCUMBER_GHERKIN_PLAIN, {
      includeGherkinDocument: false, includePickles: true, includeSource: false, newId: IdGenerator.incrementing(),
    });
    for (const envelope of envelopes) {
      if (envelope.parseError) {
        const at = envelope.parseError.source.location ? `:${envelope.parseError.source.location.line}` : '';
        throw new SuiteError(`cannot parse ${uri}${at}: ${envelope.parseError.message}`);
      }
      if (envelope.pickle) scenarios.push(describePickle(envelope.pickle, ruleById, warnings));
    }
  }
  disambiguate(scenarios, warnings);
  return { root, spec, rules, ruleById, scenarios, warnings };
}

/**
 * Reads a pickle's tags into a scenario description. Shared by the suite loader and the message
 * collector so both name a scenario the same way.
 */
export function describePickle(pickle: Pickle, ruleById: Map<string, RuleDef>, warnings?: string[]): ScenarioDef {
  const tags = pickle.tags.map((t) => t.name);
  const line = pickle.location?.line ?? 0;
  const ids = tags.filter((t) => t.startsWith('@id:')).map((t) => t.slice(4));
  const rules = unique(tags.filter((t) => t.startsWith('@rule:')).map((t) => t.slice(6)));
  const where = `${pickle.uri}:${line}`;
  if (ids.length !== 1) warnings?.push(`${where} "${pickle.name}" has ${ids.length} @id tags (exactly one expected)`);
  const needs = unique(tags.filter((t) => t.startsWith('@needs:')).map((t) => t.slice(7)));
  const levels: Level[] = [];
  // A scenario that stands on a rule asserts it as much as its own: standing on a reference
  // choice, it cannot count against an implementation (docs/architecture.md, "Levels").
  for (const rule of [...rules, ...needs]) {
    const def = ruleById.get(rule);
    if (def) levels.push(def.level);
    else warnings?.push(`${where} names the rule "${rule}", which is not in features/rules.json`);
  }
  const propertyName = tags.includes('@property') ? pickle.steps.map((s) => PROPERTY_STEP.exec(s.text)?.[1]).find((n) => n !== undefined) : undefined;
  return {
    id: ids[0] ?? `${pickle.uri}:${line}`,
    name: pickle.name,
    uri: pickle.uri,
    line,
    rules,
    needs,
    level: scenarioLevel(levels),
    capabilities: unique(tags.filter((t) => t.startsWith('@capability:')).map((t) => t.slice(12))),
    property: tags.includes('@property'),
    ...(propertyName !== undefined ? { propertyName } : {}),
    tags,
  };
}

/** Reports key scenarios by id; a repeated id (a gate violation) gets its line appended. */
export function disambiguate(scenarios: ScenarioDef[], warnings: string[]): void {
  const seen = new Map<string, number>();
  for (const s of scenarios) seen.set(s.id, (seen.get(s.id) ?? 0) + 1);
  for (const s of scenarios) {
    if ((seen.get(s.id) ?? 0) > 1) {
      warnings.push(`the scenario id "${s.id}" is used more than once; ${s.uri}:${s.line} is reported as "${s.id}@${s.line}"`);
      s.id = `${s.id}@${s.line}`;
    }
  }
}

function loadRules(file: string): { spec: string; rules: RuleDef[] } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new SuiteError(`the rule catalog ${file} does not exist`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new SuiteError(`the rule catalog ${file} is not JSON: ${(err as Error).message}`);
  }
  const catalog = data as { spec?: unknown; rules?: unknown };
  if (!Array.isArray(catalog?.rules)) throw new SuiteError(`the rule catalog ${file} has no "rules" array`);
  const rules: RuleDef[] = [];
  const ids = new Set<string>();
  catalog.rules.forEach((raw: unknown, i: number) => {
    const r = raw as Partial<RuleDef>;
    const where = `${file}: rules[${i}]`;
    if (typeof r?.id !== 'string' || !RULE_ID.test(r.id)) throw new SuiteError(`${where} has a malformed id ${JSON.stringify(r?.id)}`);
    if (ids.has(r.id)) throw new SuiteError(`${where} repeats the id "${r.id}"`);
    if (!isLevel(r.level)) throw new SuiteError(`${where} ("${r.id}") has the level ${JSON.stringify(r.level)}; expected must, implied or reference`);
    ids.add(r.id);
    rules.push({
      id: r.id, level: r.level, section: typeof r.section === 'string' ? r.section : '', statement: typeof r.statement === 'string' ? r.statement : '',
      ...(Array.isArray(r.standsOn) ? { standsOn: r.standsOn.filter((x): x is string => typeof x === 'string') } : {}),
    });
  });
  return { spec: typeof catalog.spec === 'string' ? catalog.spec : '', rules };
}

function featureFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) throw new SuiteError(`the features directory ${dir} does not exist`);
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.feature'))
    .map((f) => path.join(dir, f))
    .sort();
  if (files.length === 0) throw new SuiteError(`no .feature file under ${dir}`);
  return files;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
