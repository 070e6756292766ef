import { terminalLine } from '../../protocol/inert';
import type { ScenarioResult } from '../../model/results';
import type { Status } from '../../model/status';
import { fitText } from './consoleWidth';
import type { ScenarioDef } from '../../model/suite';

export const LABELS: Record<Status, string> = {
  passed: 'PASS', failed: 'FAIL', blocked: 'BLOCKED', errored: 'ERROR', 'timed-out': 'TIMEOUT', 'partly-tested': 'PARTLY TESTED', unsupported: 'UNSUPPORTED', skipped: 'SKIP',
};

export interface ProgressOptions {
  total: number;
  /** A terminal: one line rewritten in place. Otherwise (CI logs) one greppable line per scenario. */
  tty: boolean;
  quiet: boolean;
  write: (text: string) => void;
}

/**
 * Scenario progress. In CI every scenario prints one line starting with its status label
 * (`PASS id (rules)`, `FAIL id (rules): first line of the message`), so logs can be grepped; on a
 * terminal a single status line is redrawn and only scenarios that did not pass get a line.
 */
export class Progress {
  private done = 0;
  private readonly counts = new Map<Status, number>();
  private current = '';
  private lineShown = false;
  private muted = false;

  constructor(private readonly options: ProgressOptions) {}

  /**
   * No more output: the run stopped (a dead target, a signal, the circuit breaker), and whatever
   * cucumber still finishes after that is not news (the reports say "not run").
   */
  mute(): void {
    this.clear();
    this.muted = true;
  }

  started(scenario: ScenarioDef): void {
    if (this.muted) return;
    this.current = scenario.id;
    this.redraw();
  }

  finished(result: ScenarioResult): void {
    if (this.muted) return;
    this.done += 1;
    this.counts.set(result.status, (this.counts.get(result.status) ?? 0) + 1);
    if (this.options.quiet) return;
    if (!this.options.tty || result.status !== 'passed') {
      this.clear();
      this.options.write(fitText(formatResultLine(result)) + '\n');
    }
    this.redraw();
  }

  /** Removes the status line (before the summary is printed). */
  end(): void {
    this.clear();
  }

  private redraw(): void {
    if (!this.options.tty || this.options.quiet) return;
    const counts = [...this.counts].map(([s, n]) => `${n} ${s}`).join(', ');
    const width = process.stdout.columns || 100;
    const line = `[${this.done}/${this.options.total}] ${counts}${counts ? ' — ' : ''}${this.current}`;
    this.options.write(`\r\x1b[2K${line.slice(0, Math.max(20, width - 1))}`);
    this.lineShown = true;
  }

  private clear(): void {
    if (this.lineShown) this.options.write('\r\x1b[2K');
    this.lineShown = false;
  }
}

export function formatResultLine(result: ScenarioResult): string {
  const rules = result.rules.length > 0 ? ` (${result.rules.join(', ')})` : '';
  const why = result.status !== 'passed' && result.message ? `: ${terminalLine(firstLine(result.message))}` : '';
  return `${LABELS[result.status]} ${result.id}${rules}${why}`;
}

function firstLine(text: string): string {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
