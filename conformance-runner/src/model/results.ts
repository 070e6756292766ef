import type { Outcome } from './outcome';
import type { Exchange } from './exchange';
import type { Finding } from './finding';
import type { Level } from './levels';
import type { Status } from './status';

/** MEDIA.repro: what is needed to reproduce a scenario with curl. */
export interface Repro {
  manifest?: unknown;
  exchanges: Exchange[];
}

/** MEDIA.boot: a refused boot, narrowed to the definition the framework refuses (attribution/diagnoseBoot.ts). */
export interface BootRefusal {
  message: string;
  rule?: string;
  definition?: string;
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
  /** One entry per rule the property checked; each distinct failure with its own counterexample. */
  outcomes?: Array<Omit<Outcome, 'scenario'> & { finding?: Finding; manifest?: unknown }>;
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
  boot?: BootRefusal;
  /** What the failed assertion compared (steps attach it): the evidence attribution reads. */
  finding?: Finding;
  /**
   * The evidence this scenario gives, one entry per rule it speaks about: its own rule, and the
   * rule of a definition the framework refused to boot. Blocking is decided over the whole run.
   */
  outcomes: Outcome[];
  /** Set when the scenario's own outcome is blocked: the root-cause rule that blocks it. */
  blockedBy?: string;
  /**
   * What a started adapter wrote to stderr while the scenario ran (bounded, inert). Best effort:
   * scenarios and properties that run at the same time share the adapter, and its lines.
   */
  adapterOutput?: string[];
}

export interface RuleResult {
  id: string;
  level: Level;
  section: string;
  statement: string;
  status: Status;
  /** Every selected scenario with evidence about the rule. */
  scenarios: string[];
  /**
   * Scenarios that decided the status. For a must/implied rule, scenarios whose own level is
   * `reference` are informative only and left out (docs/reports.md).
   */
  counted: string[];
  /** The per-scenario evidence that decided the status (counted scenarios only). */
  outcomes: RuleOutcome[];
  /** Root-cause rules that block some of its failures (empty when none is blocked). */
  blockedBy: string[];
}

/** One piece of evidence about a rule, as reports show it. */
export interface RuleOutcome {
  scenario: string;
  status: Status;
  /** For a blocked failure: the root-cause rule. */
  blockedBy?: string;
  /** For a blocked failure: the request and answer that show what it stands on broken. */
  shownBy?: string;
  /** For a property's failures: their signatures (`<rule>:<kind>`). */
  signatures?: string[];
  step?: string;
  message?: string;
}
