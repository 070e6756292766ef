import type fc from 'fast-check';
import type { Capability } from '../../protocol';
import type { Plan } from './plan';

/**
 * A property: an arbitrary of cases and the pure function that turns a case into a plan (manifest,
 * checks with the model's expectations, differential-only extras). Keeping `plan` pure is what
 * makes shrinking, replay and the counterexample printers agree on what a case is.
 */
export interface PropertyDefinition<T> {
  /** The name used in `When the property "<name>" is checked`. */
  name: string;
  /** One line saying what holds. */
  title: string;
  /** Rule IDs (features/rules.json) the property is evidence for. */
  rules: string[];
  /** Capabilities beyond `routing` (adapter protocol §5) the property needs. */
  capabilities: Capability[];
  arbitrary(): fc.Arbitrary<T>;
  plan(value: T): Plan;
}
