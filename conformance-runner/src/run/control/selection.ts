import { parse as parseTagExpression } from '@cucumber/tag-expressions';
import type { Level } from '../../model/levels';
import type { RuleDef, ScenarioDef, Suite } from '../../model/suite';

export interface SelectionOptions {
  tags?: string;
  /** Rule IDs or prefixes (`params` selects every `params.*` rule). */
  rules?: string[];
  levels?: Level[];
}

export interface Selection {
  scenarios: ScenarioDef[];
  /** The rules reported for this run: those of the selected levels that have a selected scenario. */
  rules: RuleDef[];
  /** Tag expression for cucumber, undefined when everything runs. */
  tagExpression?: string;
  /** The options that narrowed the run ("--rule params --tags '@x'"), undefined when everything runs. */
  filters?: string;
}

/** A selection option names nothing or does not parse; the CLI turns it into exit code 2. */
export class SelectionError extends Error {
  override name = 'SelectionError';
}

export function ruleMatches(ruleId: string, pattern: string): boolean {
  const prefix = pattern.endsWith('.') ? pattern : `${pattern}.`;
  return ruleId === pattern || ruleId.startsWith(prefix);
}

export function validateTagExpression(expression: string): void {
  try {
    parseTagExpression(expression);
  } catch (err) {
    throw new SelectionError(`--tags ${JSON.stringify(expression)} is not a valid tag expression: ${(err as Error).message}`);
  }
}

/**
 * Decides which scenarios run. `--rule` and `--level` cannot be written as a cucumber tag
 * expression (a scenario's level is derived from several tags), so the runner evaluates every
 * filter itself and hands cucumber the resulting list of @id tags.
 */
export function select(suite: Suite, options: SelectionOptions): Selection {
  let scenarios = suite.scenarios;
  let rules = suite.rules;
  if (options.tags !== undefined && options.tags.trim() !== '') {
    validateTagExpression(options.tags);
    const expression = parseTagExpression(options.tags);
    scenarios = scenarios.filter((s) => expression.evaluate(s.tags));
    if (scenarios.length === 0) throw new SelectionError(`--tags ${JSON.stringify(options.tags)} selects no scenario`);
  }
  if (options.rules && options.rules.length > 0) {
    for (const pattern of options.rules) {
      if (!suite.rules.some((r) => ruleMatches(r.id, pattern))) {
        throw new SelectionError(`--rule ${pattern} matches no rule of features/rules.json (give a rule ID such as "${suite.rules[0]?.id ?? 'params.constraint-regex'}" or a prefix such as "${suite.rules[0]?.id.split('.')[0] ?? 'params'}")`);
      }
    }
    const wanted = new Set(suite.rules.filter((r) => options.rules!.some((p) => ruleMatches(r.id, p))).map((r) => r.id));
    rules = rules.filter((r) => wanted.has(r.id));
    scenarios = scenarios.filter((s) => s.rules.some((r) => wanted.has(r)));
    if (scenarios.length === 0) throw new SelectionError(`no selected scenario is tagged with a rule matching --rule ${options.rules.join(' --rule ')}`);
  }
  if (options.levels && options.levels.length > 0) {
    const levels = new Set(options.levels);
    rules = rules.filter((r) => levels.has(r.level));
    scenarios = scenarios.filter((s) => levels.has(s.level));
    if (scenarios.length === 0) throw new SelectionError(`no selected scenario has the level ${options.levels.join(' or ')}`);
  }
  // The raw @id tags (a repeated id was renamed in reports, but cucumber only knows the tag).
  const idTags = new Set(scenarios.map((s) => s.tags.find((t) => t.startsWith('@id:'))).filter((t): t is string => t !== undefined));
  const covered = new Set(scenarios.flatMap((s) => s.rules));
  rules = rules.filter((r) => covered.has(r.id));
  const everything = scenarios.length === suite.scenarios.length;
  const filters = [
    ...(options.rules ?? []).map((r) => `--rule ${r}`),
    ...(options.levels && options.levels.length > 0 ? [`--level ${options.levels.join(',')}`] : []),
    ...(options.tags !== undefined && options.tags.trim() !== '' ? [`--tags ${JSON.stringify(options.tags)}`] : []),
  ];
  return {
    scenarios,
    rules,
    tagExpression: everything ? undefined : [...idTags].map(escapeTag).join(' or '),
    ...(everything && filters.length === 0 ? {} : { filters: filters.join(' ') || 'a part of the suite' }),
  };
}

/** Tag expressions treat blanks, parentheses and backslashes specially. */
export function escapeTag(text: string): string {
  return text.replace(/[\\()\s]/g, (c) => `\\${c}`);
}
