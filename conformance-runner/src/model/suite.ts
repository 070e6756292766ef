import type { Level } from './levels';

/** One entry of features/rules.json (docs/architecture.md). */
export interface RuleDef {
  id: string;
  section: string;
  level: Level;
  statement: string;
  /** Rules whose mechanism this one builds on (features/rules.json; attribution/resolve.ts). */
  standsOn?: string[];
}

/** What the suite says about one scenario (one pickle: an Examples row is its own scenario). */
export interface ScenarioDef {
  id: string;
  name: string;
  /** Feature file relative to the suite root, with the scenario's (or Examples row's) line. */
  uri: string;
  line: number;
  rules: string[];
  /** `@needs:` rules: prerequisites of every assertion of the scenario besides those of its steps. */
  needs: string[];
  level: Level;
  capabilities: string[];
  property: boolean;
  /** The property a @property scenario checks, from its `the property "<name>" is checked` step. */
  propertyName?: string;
  tags: string[];
}

export interface Suite {
  /** Directory holding features/ and steps/ (the repository root unless FW_CONFORMANCE_SUITE_DIR). */
  root: string;
  spec: string;
  rules: RuleDef[];
  ruleById: Map<string, RuleDef>;
  scenarios: ScenarioDef[];
  /** Problems that do not stop a run but must show in reports (unknown rule tags, duplicate ids). */
  warnings: string[];
}
