import type { Status } from '../run/status';

/** An implementation's expectations file (schema/expectations.schema.json). */
export interface ExpectationsFile {
  $schema?: string;
  implementation: string;
  expected: Expectation[];
}

export interface Expectation {
  /** A scenario id or a rule id. */
  id: string;
  status: Exclude<Status, 'passed'>;
  reason?: string;
  issue?: string;
}
