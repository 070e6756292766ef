import { terminalLine } from '../protocol/inert';

/**
 * What started adapters write to stderr, line by line as it arrives, for whoever listens: the
 * collector keeps the lines written while each scenario ran (run/collector.ts), so a report can
 * show a framework's own words next to a failure. A line the runner reads is not tied to the
 * request that caused it, so this is best effort (docs/reports.md, "The framework's own words").
 */
export type OutputListener = (line: string) => void;

const listeners = new Set<OutputListener>();

/** Starts listening; returns the function that stops. */
export function onAdapterOutput(listener: OutputListener): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

export function publishAdapterOutput(line: string): void {
  for (const listener of listeners) listener(line);
}

/** What one scenario keeps of the adapter's stderr: enough to read an error, never a flood. */
export const SCENARIO_OUTPUT = {
  lines: 40,
  lineChars: 500,
  /** How long after a scenario ends its lines still arrive (pipes and sockets race). */
  graceMs: 100,
} as const;

/**
 * Lines kept for one scenario; `more` counts those past SCENARIO_OUTPUT.lines, `shared` those
 * written while other scenarios ran too (lanes: run/cucumber/lanes), which could be theirs.
 */
export interface OutputWindow {
  lines: string[];
  more: number;
  shared: number;
}

/**
 * Windows over the adapter's stderr, one per running scenario: every line goes to each open
 * window (scenarios that run at once, and the properties that run alongside, share it). Listens
 * only while a window is open, so a collector that is done costs nothing.
 */
export class OutputWindows {
  private readonly open = new Map<string, OutputWindow>();
  /** Windows of finished scenarios still in their grace period. */
  private readonly finishing = new Set<string>();
  private stop?: () => void;

  /**
   * Opens the window of `key` (a scenario attempt). Windows of scenarios that already finished
   * close now rather than at the end of their grace: in a run of one scenario at a time, what
   * follows a start is the new scenario's.
   */
  start(key: string): void {
    for (const done of this.finishing) this.close(done);
    this.open.set(key, { lines: [], more: 0, shared: 0 });
    this.stop ??= onAdapterOutput((line) => this.add(line));
  }

  /**
   * The window of `key`, still filled for SCENARIO_OUTPUT.graceMs (the returned object is the one
   * filled: a line that arrives just after the scenario still reaches it), then closed.
   */
  finish(key: string): OutputWindow | undefined {
    const window = this.open.get(key);
    if (window === undefined) return undefined;
    this.finishing.add(key);
    setTimeout(() => this.close(key), SCENARIO_OUTPUT.graceMs).unref();
    return window;
  }

  /** Closes every window now (the run is over). */
  closeAll(): void {
    this.open.clear();
    this.finishing.clear();
    this.stop?.();
    this.stop = undefined;
  }

  private close(key: string): void {
    if (!this.open.delete(key)) return;
    this.finishing.delete(key);
    if (this.open.size === 0) this.closeAll();
  }

  private add(line: string): void {
    if (line.trim() === '') return;
    // Kept as text that cannot act wherever it is shown: controls escaped, clipped.
    // Written while several scenarios ran (lanes): nothing says whose it is, and a line shown beside
    // the wrong failure misleads more than none. Counted, not kept.
    if (this.open.size > 1) {
      for (const window of this.open.values()) window.shared += 1;
      return;
    }
    const kept = terminalLine(line.length > SCENARIO_OUTPUT.lineChars ? `${line.slice(0, SCENARIO_OUTPUT.lineChars)}…` : line);
    for (const window of this.open.values()) {
      if (window.lines.length < SCENARIO_OUTPUT.lines) window.lines.push(kept);
      else window.more += 1;
    }
  }
}
