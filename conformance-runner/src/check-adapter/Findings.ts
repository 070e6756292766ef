import { describeViolation, firstViolation, type SchemaName } from '../protocol';
import { brief, evidence, type ProbeExchange } from './Probe';
import type { CheckStatus, Evidence } from './types';

export interface ErrorBody {
  kind: string;
  message: string;
  pointer?: string;
  capability?: string;
}

/**
 * What one check saw: deviations (failures), doubtful points (warnings) and the exchanges behind
 * them. The expect* helpers phrase every deviation as "§x: <request> must answer <y>; got <z>".
 */
export class Findings {
  readonly problems: string[] = [];
  readonly warnings: string[] = [];
  readonly notes: string[] = [];
  readonly evidence: Evidence[] = [];

  constructor(readonly section: string) {}

  fail(message: string): void {
    this.problems.push(message);
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  /** The framework's behaviour, which the suite will judge in its own scenarios: not the adapter's fault. */
  note(message: string): void {
    this.notes.push(message);
  }

  see(ex: ProbeExchange): void {
    this.evidence.push(evidence(ex));
  }

  get status(): CheckStatus {
    return this.problems.length > 0 ? 'fail' : this.warnings.length > 0 ? 'warn' : this.notes.length > 0 ? 'note' : 'pass';
  }

  /** Records the exchange; returns it when it has the expected status, otherwise records why not. */
  expectStatus(ex: ProbeExchange, status: number, shape: string): ProbeExchange | undefined {
    this.see(ex);
    if (ex.response?.status === status) return ex;
    this.fail(`${this.section}: ${what(ex)} must answer ${status} ${shape}; got ${brief(ex)}`);
    return undefined;
  }

  /** Expects `status` with a body valid against `schema`; returns the parsed body. */
  expectMessage<T>(ex: ProbeExchange, status: number, schema: SchemaName, shape: string): T | undefined {
    if (!this.expectStatus(ex, status, shape)) return undefined;
    return this.parse<T>(ex, schema, shape);
  }

  /** Expects `status` with an error message (§2.1) of `kind`; returns the error. */
  expectError(ex: ProbeExchange, status: number, kind: string): ErrorBody | undefined {
    const shape = `{"error":{"kind":"${kind}","message":...}}`;
    if (!this.expectStatus(ex, status, shape)) return undefined;
    const body = this.parse<{ error: ErrorBody }>(ex, 'error', shape);
    if (!body) return undefined;
    if (body.error.kind !== kind) {
      this.fail(`${this.section}: ${what(ex)} must answer an error of kind "${kind}"; got kind "${body.error.kind}" (${JSON.stringify(body.error.message)})`);
      return undefined;
    }
    return body.error;
  }

  /** Parses a recorded response body as JSON valid against `schema`. */
  parse<T>(ex: ProbeExchange, schema: SchemaName, shape: string): T | undefined {
    const body = ex.response?.body ?? '';
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      this.fail(`${this.section}: ${what(ex)} must answer JSON ${shape}; got a body that is not JSON: ${brief(ex)}`);
      return undefined;
    }
    const violation = firstViolation(schema, data);
    if (violation) {
      const doc = schema === 'error' ? '§2.1, error.schema.json' : `${schema}.schema.json`;
      this.fail(`${this.section}: ${what(ex)} answered ${ex.response?.status} with a body that violates ${doc}: ${describeViolation(schema, violation)}`);
      return undefined;
    }
    return data as T;
  }
}

/** "POST /__fw/apps without a token", "GET /fw-check/hello with X-Fw-App: a1" */
export function what(ex: ProbeExchange): string {
  const { method, path, auth, headers } = ex.request;
  const suffix = auth === 'no token' ? ' without a token' : auth === 'wrong token' ? ' with a wrong token'
    : headers['x-fw-app'] !== undefined ? ` with X-Fw-App: ${headers['x-fw-app']}` : '';
  return `${method} ${path}${suffix}`;
}
