import type { Status } from './status';

/**
 * One piece of evidence about one rule: what a scenario (or one check of a property) found.
 * A failed outcome may rely on other rules (`needs`); the runner decides whether it is charged to
 * its rule or blocked by one of those (see resolveBlocking).
 */
export interface Outcome {
  rule: string;
  /** The scenario that produced it. */
  scenario: string;
  status: Exclude<Status, 'blocked'>;
  needs?: string[];
  /**
   * A rule the failure itself shows to be at fault (a generated URL that is the expected one plus
   * "?" is url.no-empty-query's fault, whatever the scenario is about): when that rule fails at all,
   * this failure is its, before anything else is weighed.
   */
  evidence?: string;
  message?: string;
  /** The request and answer that show what it stands on broken (attribution/assertion.ts). */
  shownBy?: string;
  /**
   * Rules whose mechanism the failed assertion stood on (a string's text/html, a parameter's
   * injection): the failure is blocked by one only when that rule is charged with a failure of
   * the same `symptom` — the same fault seen from two places. Otherwise it is its own.
   */
  foundations?: string[];
  /**
   * Rules the outcome's rule builds on (features/rules.json standsOn): foundations too, but where
   * an assertion's own finding points the other way, the finding wins.
   */
  standsOn?: string[];
  /** How the assertion failed, in a few words ("media-type text/plain", "param uncast"). */
  symptom?: string;
  /** The step (or property check) that decided it. */
  step?: string;
  /** A property's failures: their signatures (`<rule>:<kind>`), which the gate compares. */
  signatures?: string[];
  /** Evidence from a fast-check property (a generated corner case) rather than an example scenario. */
  property?: boolean;
}
