import type { Status } from '../run/status';

/** An implementation's expectations file (schema/expectations.schema.json). */
export interface ExpectationsFile {
  $schema?: string;
  implementation: string;
  /**
   * The capabilities the implementation is held to (protocol §5). A run whose target declares
   * exactly these may get a partial verdict and still pass as a gate; any other set is a change.
   */
  profile?: string[];
  expected: Expectation[];
}

export interface Expectation {
  /** A rule id (the usual entry) or a scenario id. */
  id: string;
  status: Exclude<Status, 'passed' | 'blocked'>;
  reason?: string;
  issue?: string;
}
