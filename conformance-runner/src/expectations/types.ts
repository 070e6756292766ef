import type { Status } from '../model/status';

/**
 * An implementation's expectations file, version 2 (schema/expectations.schema.json): every
 * non-passing counted result it is known to get, grouped by the rule the result is evidence
 * about, one reason per rule. The gate compares results one by one, so a new failure behind an
 * expected one, a new blocker, or a new failing case inside an expected rule is a change.
 */
export interface ExpectationsFile {
  $schema?: string;
  version: 2;
  implementation: string;
  /**
   * The capabilities the implementation is held to (protocol §5). A run whose target declares
   * exactly these may get a partial verdict and still pass as a gate; any other set is a change.
   */
  profile?: string[];
  rules: ExpectedRule[];
}

export interface ExpectedRule {
  rule: string;
  reason?: string;
  issue?: string;
  results: ExpectedResult[];
}

/** Statuses a counted result can be expected to have. */
export type ExpectedStatus = Exclude<Status, 'passed' | 'unsupported' | 'partly-tested'>;

export interface ExpectedResult {
  /** The scenario (@id) the result comes from; for a property, its scenario. */
  scenario: string;
  status: ExpectedStatus;
  /** For a blocked result: the root-cause rule that blocks it. */
  blockedBy?: string;
  /** For a property's failure: the signatures (`<rule>:<kind>`) of the distinct failures found. */
  signatures?: string[];
  /**
   * For a property's failure: the counterexamples that showed it, replayed before the random
   * search on every later run (the suite's own corpus cases are not repeated here). A listed
   * failure then goes only when its stored case passes, never because a seed missed it.
   */
  cases?: StoredCase[];
}

/** A property's counterexample as the expectations file keeps it: its id (corpus/caseId.ts), what it showed, its input. */
export interface StoredCase {
  id: string;
  signature: string;
  input: unknown;
}

/** Version 1 (rule by rule): read only so that --update-expectations can carry its reasons over. */
export interface ExpectationsFileV1 {
  $schema?: string;
  implementation: string;
  profile?: string[];
  expected: Array<{ id: string; status: string; reason?: string; issue?: string }>;
}
