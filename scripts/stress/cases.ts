import type { Outcome } from './report';

/** What a case gets: the server's port, the control-plane token, and the mode. */
export interface CaseContext {
  readonly port: number;
  readonly token: string;
  readonly quick: boolean;
  /** The server's resident memory now, in MB (for cases that report it mid-way). */
  rssMb(): number;
}

export interface StressCase {
  readonly name: string;
  run(ctx: CaseContext): Promise<Outcome>;
}

/** Worst latency of a list of exchanges. */
export function worst(exchanges: ReadonlyArray<{ ms: number }>): number {
  return exchanges.reduce((m, e) => Math.max(m, e.ms), 0);
}
