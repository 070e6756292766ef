import type { Exchange } from '../protocol/AdapterClient';
import type { Level } from './levels';
import type { Status } from './status';

/** MEDIA.repro: what is needed to reproduce a scenario with curl. */
export interface Repro {
  manifest?: unknown;
  exchanges: Exchange[];
}

/** MEDIA.property: a fast-check property's run (seed always; counterexample on failure). */
export interface PropertyInfo {
  property?: string;
  seed?: number;
  numRuns?: number;
  path?: string;
  counterexample?: unknown;
  gherkin?: string;
  curl?: string | string[];
  divergences?: unknown[];
  [key: string]: unknown;
}

/** HTTP requests of one scenario, measured by the runner's own support hook (support/timing.ts). */
export interface RequestTiming {
  requests: number;
  durationsMs: number[];
}

export interface ScenarioResult {
  id: string;
  name: string;
  /** feature file:line */
  feature: string;
  rules: string[];
  level: Level;
  capabilities: string[];
  status: Status;
  durationMs: number;
  /** Why it did not pass (exception message, or why it was skipped/unsupported). */
  message?: string;
  /** The step that decided a non-passing status. */
  step?: string;
  repro?: Repro;
  property?: PropertyInfo;
  timing?: RequestTiming;
}

export interface RuleResult {
  id: string;
  level: Level;
  section: string;
  statement: string;
  status: Status;
  /** Every selected scenario tagged with the rule. */
  scenarios: string[];
  /**
   * Scenarios that decided the status. For a must/implied rule, scenarios whose own level is
   * `reference` are informative only and left out (docs/reports.md).
   */
  counted: string[];
}
