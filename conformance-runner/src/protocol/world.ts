import { FINDING_MEDIA } from '../model/finding';
import { NUM_RUNS, REQUEST_TIMEOUT_MS } from '../config/defaults';
import type { ClientOptions, TargetAddress } from './AdapterClient';
import type { SharedApps } from './sharedApps';
import type { MisplacedExceptions } from './misplacedException';

/**
 * What the runner hands to cucumber as `worldParameters` (and what steps/ and the properties
 * read): the one contract between the runner and the scenarios.
 */
export interface WorldParameters {
  target: TargetAddress;
  /** Capabilities the target declared in /__fw/info; absent means "ask the target". */
  capabilities?: string[];
  /** Limits of the HTTP server in front of the adapter (protocol §3.1), and its name. */
  serverLimits?: string[];
  server?: string;
  requestTimeoutMs: number;
  /**
   * The adapter builds an application afresh for every request (info `applications: per-request`):
   * identical manifests are then loaded once per run and shared (protocol/sharedApps.ts), and
   * unloaded at the end when the adapter outlives the run (`unloadAtEnd`: --target).
   */
  shareApps?: { unloadAtEnd: boolean };
  /** The adapter unloads applications with the next load (info `unloadWithLoad`, protocol §2.3). */
  unloadWithLoad?: boolean;
  /** The adapter answers several URL questions in one call (info `urlBatches`, protocol §2.4.1). */
  urlBatches?: boolean;
  /** The framework calls handlers with one context object (info `handlers: "context"`, protocol §2.2). */
  handlers?: 'context';
  /** The framework calls a group's closure without the router (info `groupCallback: "none"`, protocol §2.2). */
  groupCallback?: 'none';
  /** fast-check seed for the properties of this run. */
  seed: number;
  /** fast-check runs per property. */
  numRuns: number;
  /** fast-check replay path of one failing case (with seed), from a previous report. */
  replayPath?: string;
  /**
   * Counterexamples stored in the expectations file, by property scenario @id: each property
   * replays its own (after the suite's corpus) before its random search.
   */
  replay?: Record<string, Array<{ input: unknown }>>;
  /** Differential mode: a second adapter (the reference) that gets the same generated cases. */
  oracle?: TargetAddress;
  /**
   * Property scenarios to start in the background as soon as the suite starts, while the other
   * scenarios run: their step then only collects the result. A property's cases depend on its seed
   * alone, so the result is the same; the runner and the adapter just stop waiting on each other.
   */
  early?: EarlyProperty[];
  /**
   * How many scenarios run at once (run/cucumber/lanes: the adapter's info.concurrency, bounded):
   * a property then sends its cases that many at once ahead of its search (engine/sendAhead.ts).
   * Absent: one at a time.
   */
  concurrency?: number;
  /**
   * The run this suite belongs to (run/control/runState.ts): the key under which the steps and the
   * runner's support code find what the run shares with them in their process (the hold on the
   * suite, the properties started early, the request timings, the shared applications). A process
   * the runner did not start the suite in (--parallel workers, cucumber run directly) keeps its own
   * share under the same key.
   */
  run?: string;
}

/**
 * What the clients of one thread of a run share (protocol/sharedApps.ts, misplacedException.ts):
 * the run's scenarios and the properties checked beside them, or the property worker's properties.
 */
export interface ClientSharing {
  sharedApps: SharedApps;
  misplaced: MisplacedExceptions;
}

/** How the suite's clients of the target are made: the scenarios' (one per process) and each property's. */
export function targetClientOptions(params: WorldParameters, sharing?: ClientSharing): ClientOptions {
  return {
    ...params.target, requestTimeoutMs: params.requestTimeoutMs, capabilities: params.capabilities,
    shareApps: params.shareApps !== undefined, unloadWithLoad: params.unloadWithLoad === true, urlBatches: params.urlBatches === true,
    ...(sharing !== undefined ? { sharedApps: sharing.sharedApps, misplaced: sharing.misplaced } : {}),
  };
}

/** A property scenario started early: its @id, the property it checks, its tags (capabilities). */
export interface EarlyProperty {
  scenario: string;
  property: string;
  tags: string[];
}

/**
 * Attachment media types steps emit, read back by the runner from the cucumber message stream.
 * They are the only channel from scenarios to reports besides step status and exceptions.
 */
export const MEDIA = {
  /** JSON {manifest, exchanges}: what is needed to reproduce a scenario with curl. */
  repro: 'application/vnd.fw.repro+json',
  /** JSON {capability, message}: the scenario was not run because the target lacks a capability. */
  unsupported: 'application/vnd.fw.unsupported+json',
  /** JSON {property, seed, numRuns, path?, counterexample?, gherkin?, curl?, divergences?, outcomes?}. */
  property: 'application/vnd.fw.property+json',
  /** JSON {message, rule?, definition?}: the application did not boot although the scenario expects it to. */
  boot: 'application/vnd.fw.boot+json',
  /** JSON Finding (model/finding.ts): what the failed assertion compared and what the answer showed. */
  finding: FINDING_MEDIA,
} as const;

export const DEFAULT_WORLD_PARAMETERS: Omit<WorldParameters, 'target'> = {
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  seed: 42,
  numRuns: NUM_RUNS,
};
