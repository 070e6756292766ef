import type { Capability } from '../model/capability';
import { codeFile, COMPILED } from './layout';
import { shellQuote } from './shellQuote';
import type { Level } from '../model/levels';

/** The fw-conformance command's options, validated (cli/args.ts; their defaults: defaults.ts). */
export interface CliOptions {
  help: boolean;
  version: boolean;
  target?: string;
  token?: string;
  start?: string;
  /** Where --start runs (default: the current directory); --reference runs in the package. */
  startCwd?: string;
  checkAdapter: boolean;
  /** Do not run the adapter check (check-adapter) before the suite. */
  skipAdapterCheck: boolean;
  tags?: string;
  rules: string[];
  levels: Level[];
  expectations?: string;
  updateExpectations: boolean;
  /** The reports' folder; `-` (STDOUT_OUT): conformance.json on stdout, no file. */
  out: string;
  /** Undefined: the run picks a random seed, prints and records it. */
  seed?: number;
  numRuns: number;
  path?: string;
  oracle?: 'reference';
  requestTimeoutMs: number;
  scenarioTimeoutMs?: number;
  startTimeoutMs: number;
  parallel: number;
  /** --concurrency: at most this many scenarios at once, whatever the adapter declares (run/cucumber/lanes); undefined: what it declares. */
  concurrency?: number;
  /** Scenarios in a row that time out or cannot reach the target before the run stops (0: never). */
  circuitBreaker: number;
  /** --max-time: the whole run's limit; undefined: none. */
  maxTimeMs?: number;
  failFast: boolean;
  coverage: boolean;
  quiet: boolean;
  /**
   * --profile: the capabilities the target is held to. Undefined: the full profile, unless the
   * expectations file records one.
   */
  profile?: Capability[];
}

/** The reference adapter's entry point in the sources, relative to the repository (the repository's own tools). */
export const REFERENCE_ADAPTER_ENTRY = 'reference/adapter/main.ts';

/**
 * The reference adapter from its TypeScript sources (a clone only): what --coverage measures, since
 * V8's ranges map back to the sources exactly only through ts-node's own source maps (through the
 * bundle's, every line reads as reached).
 */
export const REFERENCE_ADAPTER_SOURCE_COMMAND = `node -r ./scripts/register.js ${REFERENCE_ADAPTER_ENTRY}`;

/**
 * The command line of the reference adapter, run from the package root (--oracle reference, npm run
 * conformance): the sources under the TypeScript loader, or the compiled package's bundle (scripts/build.js).
 */
export const REFERENCE_ADAPTER_COMMAND = COMPILED
  ? `node ${shellQuote(codeFile('reference/adapter'))}`
  : REFERENCE_ADAPTER_SOURCE_COMMAND;


/** `--out -`: conformance.json goes to stdout, the console's lines to stderr, and no file is written. */
export const STDOUT_OUT = '-';

/** What a started adapter names its framework's log in FW_LOG_DIR (the report folder). */
export const FRAMEWORK_LOG = 'framework.log';
