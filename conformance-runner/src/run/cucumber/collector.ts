import type { Envelope, Pickle } from '@cucumber/messages';
import type { Finding } from '../../model/finding';
import { MEDIA } from '../../protocol/world';
import { OutputWindows, type OutputWindow } from '../../target/adapterOutput';
import { classify, type StepOutcome } from './scenarioStatus';
import { clipEnvelope } from './clipEnvelope';
import { TIMING_MEDIA } from '../../protocol/requestTiming';
import { scenarioOutcomes } from '../../attribution/outcomes';
import type { BootRefusal, PropertyInfo, Repro, RequestTiming, ScenarioResult } from '../../model/results';
import { describePickle } from '../control/suite';
import type { ScenarioDef, Suite } from '../../model/suite';

interface Attempt {
  testCaseId: string;
  startedMs: number;
  outcomes: StepOutcome[];
  unsupported?: { capability?: string; message?: string };
  repro?: Repro;
  property?: PropertyInfo;
  timing?: RequestTiming;
  boot?: BootRefusal;
  finding?: Finding;
}

interface TestCaseInfo {
  pickleId: string;
  /** testStepId → the step's text, or undefined for a hook. */
  steps: Map<string, string | undefined>;
}

export interface CollectorEvents {
  onStarted?: (scenario: ScenarioDef) => void;
  onFinished?: (result: ScenarioResult) => void;
}

/**
 * Builds scenario results from cucumber's message stream (runCucumber's onMessage). It holds
 * everything collected so far, so an interrupted run can still report what it saw.
 */
export class Collector {
  /** Every envelope, in order (for cucumber.ndjson and cucumber.html). */
  readonly envelopes: Envelope[] = [];
  /**
   * The JSON of each envelope, made as it arrives: the suite mostly waits on the target then,
   * while at the run's end, where both of cucumber's formats need it, it was 0.07 s of work.
   */
  readonly json: string[] = [];
  private readonly pickles = new Map<string, ScenarioDef>();
  private readonly pickleSteps = new Map<string, Map<string, string>>();
  private readonly testCases = new Map<string, TestCaseInfo>();
  private readonly attempts = new Map<string, Attempt>();
  private readonly results = new Map<string, ScenarioResult>();
  private readonly byLocation: Map<string, ScenarioDef>;
  /** What a started adapter wrote to stderr while each scenario ran. */
  private readonly output = new OutputWindows();
  private readonly outputOf = new Map<ScenarioResult, OutputWindow>();
  readonly warnings: string[] = [];

  constructor(private readonly suite: Suite, private readonly events: CollectorEvents = {}, private readonly failFast = false) {
    this.byLocation = new Map(suite.scenarios.map((s) => [`${s.uri}:${s.line}`, s]));
  }

  /** The onMessage callback for runCucumber. */
  readonly onMessage = (received: Envelope): void => {
    const envelope = clipEnvelope(received);
    this.envelopes.push(envelope);
    this.json.push(JSON.stringify(envelope));
    try {
      this.handle(envelope);
    } catch (err) {
      // A malformed attachment must not abort the run; it is reported as a warning.
      this.warnings.push(`could not read a cucumber message: ${(err as Error).message}`);
    }
  };

  /**
   * Results of finished scenarios, keyed by scenario id. Called when the run is over: the adapter's
   * stderr stops being collected, and each result gets the lines written while it ran.
   */
  finished(): Map<string, ScenarioResult> {
    this.output.closeAll();
    for (const [result, window] of this.outputOf) {
      const lines = [...window.lines];
      if (window.more > 0) lines.push(`… and ${window.more} more lines`);
      if (window.shared > 0) lines.push(`… and ${window.shared} line${window.shared === 1 ? '' : 's'} written while other scenarios ran at the same time, left out: they may be theirs (--concurrency 1 runs one scenario at a time)`);
      if (lines.length > 0) result.adapterOutput = lines;
    }
    this.outputOf.clear();
    return this.results;
  }

  /** Scenarios started but not finished (what was running when a run was interrupted). */
  inFlight(): ScenarioDef[] {
    const out: ScenarioDef[] = [];
    for (const attempt of this.attempts.values()) {
      const tc = this.testCases.get(attempt.testCaseId);
      const def = tc && this.pickles.get(tc.pickleId);
      if (def && !this.results.has(def.id)) out.push(def);
    }
    return out;
  }

  private handle(envelope: Envelope): void {
    if (envelope.pickle) {
      this.pickles.set(envelope.pickle.id, this.scenarioOf(envelope.pickle));
      this.pickleSteps.set(envelope.pickle.id, new Map(envelope.pickle.steps.map((s) => [s.id, s.text])));
    } else if (envelope.testCase) {
      const texts = this.pickleSteps.get(envelope.testCase.pickleId);
      this.testCases.set(envelope.testCase.id, {
        pickleId: envelope.testCase.pickleId,
        steps: new Map(envelope.testCase.testSteps.map((s) => [s.id, s.pickleStepId ? texts?.get(s.pickleStepId) ?? '' : undefined])),
      });
    } else if (envelope.testCaseStarted) {
      const started = envelope.testCaseStarted;
      this.attempts.set(started.id, { testCaseId: started.testCaseId, startedMs: toMs(started.timestamp), outcomes: [] });
      this.output.start(started.id);
      const tc = this.testCases.get(started.testCaseId);
      const def = tc && this.pickles.get(tc.pickleId);
      if (def) this.events.onStarted?.(def);
    } else if (envelope.testStepFinished) {
      const finished = envelope.testStepFinished;
      const attempt = this.attempts.get(finished.testCaseStartedId);
      if (!attempt) return;
      const text = this.testCases.get(attempt.testCaseId)?.steps.get(finished.testStepId);
      const r = finished.testStepResult;
      attempt.outcomes.push({
        status: String(r.status), hook: text === undefined, text,
        exceptionType: r.exception?.type, exceptionMessage: r.exception?.message, message: r.message,
      });
    } else if (envelope.attachment) {
      const a = envelope.attachment;
      const attempt = a.testCaseStartedId ? this.attempts.get(a.testCaseStartedId) : undefined;
      if (!attempt) return;
      const body = String(a.contentEncoding) === 'BASE64' ? Buffer.from(a.body, 'base64').toString('utf8') : a.body;
      if (a.mediaType === MEDIA.unsupported) attempt.unsupported = parseJson(body, 'unsupported') as Attempt['unsupported'];
      else if (a.mediaType === MEDIA.repro) attempt.repro = normaliseRepro(parseJson(body, 'repro'));
      else if (a.mediaType === MEDIA.property) attempt.property = parseJson(body, 'property') as PropertyInfo;
      else if (a.mediaType === TIMING_MEDIA) attempt.timing = parseJson(body, 'timing') as RequestTiming;
      else if (a.mediaType === MEDIA.boot) attempt.boot = parseJson(body, 'boot') as BootRefusal;
      else if (a.mediaType === MEDIA.finding) attempt.finding = parseJson(body, 'finding') as Finding;
    } else if (envelope.testCaseFinished) {
      const finished = envelope.testCaseFinished;
      const attempt = this.attempts.get(finished.testCaseStartedId);
      if (!attempt) return;
      this.attempts.delete(finished.testCaseStartedId);
      const output = this.output.finish(finished.testCaseStartedId);
      if (finished.willBeRetried) return;
      const tc = this.testCases.get(attempt.testCaseId);
      const def = tc && this.pickles.get(tc.pickleId);
      if (!def) return;
      const verdict = classify(attempt.outcomes, attempt.unsupported, this.failFast);
      const result: ScenarioResult = {
        id: def.id, name: def.name, feature: `${def.uri}:${def.line}`, rules: def.rules, level: def.level,
        capabilities: def.capabilities, status: verdict.status,
        durationMs: Math.max(0, Math.round(toMs(finished.timestamp) - attempt.startedMs)),
        message: verdict.message, step: verdict.step,
        repro: attempt.repro, property: attempt.property, timing: attempt.timing, boot: attempt.boot, finding: attempt.finding,
        outcomes: [],
      };
      result.outcomes = scenarioOutcomes(def, result, (rule) => this.suite.ruleById.get(rule));
      if (output !== undefined) this.outputOf.set(result, output);
      this.results.set(def.id, result);
      this.events.onFinished?.(result);
    }
  }

  /** The suite's description of a pickle (so ids match the selection), or one made from its tags. */
  private scenarioOf(pickle: Pickle): ScenarioDef {
    const known = this.byLocation.get(`${pickle.uri}:${pickle.location?.line ?? 0}`);
    return known ?? describePickle(pickle, this.suite.ruleById, this.warnings);
  }
}

function toMs(t: { seconds: number; nanos: number }): number {
  return Number(t.seconds) * 1000 + t.nanos / 1e6;
}

function parseJson(body: string, what: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new Error(`the ${what} attachment is not JSON: ${body.slice(0, 120)}`);
  }
}

function normaliseRepro(data: unknown): Repro {
  const d = (data ?? {}) as { manifest?: unknown; exchanges?: unknown };
  return { manifest: d.manifest, exchanges: Array.isArray(d.exchanges) ? d.exchanges : [] };
}
