import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { CAPABILITIES, type Capability } from '../protocol/manifest';
import { isLevel, LEVELS, type Level } from '../model/levels';
import { SelectionError, validateTagExpression } from '../run/control/selection';
import { PACKAGE_ROOT } from '../config/layout';
import { DEFAULTS } from '../config/defaults';
import { REFERENCE_ADAPTER_COMMAND, REFERENCE_ADAPTER_ENTRY, REFERENCE_ADAPTER_SOURCE_COMMAND, STDOUT_OUT, type CliOptions } from '../config/options';
import { outDirProblem } from './outDir';

/** A bad command line: the CLI prints the message with a pointer to --help and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Every option of the run (--help lists each: test/cli/drift.test.ts). */
export const OPTIONS = {
  target: { type: 'string' },
  token: { type: 'string' },
  start: { type: 'string' },
  reference: { type: 'boolean' },
  'check-adapter': { type: 'boolean' },
  'skip-adapter-check': { type: 'boolean' },
  tags: { type: 'string' },
  rule: { type: 'string', multiple: true },
  level: { type: 'string', multiple: true },
  expectations: { type: 'string' },
  'update-expectations': { type: 'boolean' },
  out: { type: 'string' },
  seed: { type: 'string' },
  'num-runs': { type: 'string' },
  path: { type: 'string' },
  oracle: { type: 'string' },
  'request-timeout': { type: 'string' },
  'scenario-timeout': { type: 'string' },
  'start-timeout': { type: 'string' },
  parallel: { type: 'string' },
  concurrency: { type: 'string' },
  'fail-fast': { type: 'boolean' },
  'circuit-breaker': { type: 'string' },
  'max-time': { type: 'string' },
  coverage: { type: 'boolean' },
  quiet: { type: 'boolean' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

const DAY_MS = 86_400_000;
const RULE_PATTERN = /^[a-z][a-z0-9]*(\.[a-z0-9-]+)*\.?$/;

/**
 * Parses and validates the command line. Every problem becomes a UsageError naming the option and
 * what it accepts; files are checked relative to `cwd`.
 */
export function parseCommandLine(argv: string[], cwd: string = process.cwd()): CliOptions {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError(describeParseError(err as Error & { code?: string }));
  }
  const str = (name: keyof typeof OPTIONS) => values[name] as string | undefined;
  const flag = (name: keyof typeof OPTIONS) => values[name] === true;
  const list = (name: keyof typeof OPTIONS) => (values[name] as string[] | undefined) ?? [];

  const options: CliOptions = {
    help: flag('help'),
    version: flag('version'),
    checkAdapter: flag('check-adapter'),
    skipAdapterCheck: flag('skip-adapter-check'),
    rules: [],
    levels: [],
    updateExpectations: flag('update-expectations'),
    out: DEFAULTS.out,
    numRuns: DEFAULTS.numRuns,
    requestTimeoutMs: DEFAULTS.requestTimeoutMs,
    startTimeoutMs: DEFAULTS.startTimeoutMs,
    parallel: DEFAULTS.parallel,
    circuitBreaker: DEFAULTS.circuitBreaker,
    failFast: flag('fail-fast'),
    coverage: flag('coverage'),
    quiet: flag('quiet'),
  };
  if (options.help || options.version) return options;

  options.target = nonEmpty('--target', str('target'));
  options.token = nonEmpty('--token', str('token'));
  options.start = nonEmpty('--start', str('start'));
  if (flag('reference')) {
    if (options.target !== undefined || options.start !== undefined) {
      throw new UsageError('--reference starts the bundled reference adapter: give it instead of --target or --start, not with them');
    }
    options.start = flag('coverage') ? referenceSources() : REFERENCE_ADAPTER_COMMAND;
    options.startCwd = PACKAGE_ROOT;
  }
  if (options.target !== undefined && options.start !== undefined) {
    throw new UsageError('--target and --start exclude each other: attach to a running adapter or start one, not both');
  }
  if (options.target === undefined && options.start === undefined) {
    throw new UsageError('no target: give --target URL --token T (a running adapter), --start "<command>" (start one) or --reference (the bundled reference)');
  }
  if (options.target !== undefined) {
    checkTargetUrl(options.target);
    if (options.token === undefined) throw new UsageError('--target needs --token T (the adapter\'s control-plane token)');
  } else if (options.token !== undefined) {
    throw new UsageError('--token goes with --target; with --start the runner makes a token and passes it to the command as TOKEN');
  }

  const tags = str('tags');
  if (tags !== undefined) {
    try {
      validateTagExpression(tags);
    } catch (err) {
      throw new UsageError((err as SelectionError).message);
    }
    options.tags = tags;
  }
  for (const rule of list('rule')) {
    if (!RULE_PATTERN.test(rule)) throw new UsageError(`--rule ${JSON.stringify(rule)} is not a rule ID or prefix (for example params.constraint-regex or params)`);
    options.rules.push(rule);
  }
  for (const raw of list('level')) {
    for (const level of raw.split(',').map((l) => l.trim())) {
      if (!isLevel(level)) throw new UsageError(`--level ${JSON.stringify(level)} is not a level; use ${LEVELS.join(', ')}`);
      if (!options.levels.includes(level)) options.levels.push(level as Level);
    }
  }

  const expectations = nonEmpty('--expectations', str('expectations'));
  if (options.updateExpectations && expectations === undefined) {
    throw new UsageError('--update-expectations needs --expectations FILE (the file to write)');
  }
  if (expectations !== undefined) {
    const file = path.resolve(cwd, expectations);
    if (options.updateExpectations) {
      if (!isDirectory(path.dirname(file))) throw new UsageError(`--expectations ${expectations}: the directory ${path.dirname(file)} does not exist`);
      if (fs.existsSync(file) && isDirectory(file)) throw new UsageError(`--expectations ${expectations} is a directory, not a file`);
    } else if (!fs.existsSync(file)) {
      throw new UsageError(`--expectations ${expectations}: no such file (create it with --update-expectations)`);
    } else if (isDirectory(file)) {
      throw new UsageError(`--expectations ${expectations} is a directory, not a file`);
    }
    options.expectations = file;
  }

  const out = nonEmpty('--out', str('out'));
  if (out !== undefined) options.out = out;
  if (options.out !== STDOUT_OUT) {
    const outPath = path.resolve(cwd, options.out);
    if (fs.existsSync(outPath) && !isDirectory(outPath)) throw new UsageError(`--out ${options.out} exists and is not a directory`);
    const outProblem = outDirProblem(outPath);
    if (outProblem !== undefined) throw new UsageError(`--out ${options.out}: the reports cannot be written there: ${outProblem}`);
  } else if (flag('coverage')) {
    throw new UsageError('--coverage writes its report into the --out folder: give a folder, not --out -');
  }

  const seed = str('seed');
  if (seed !== undefined) options.seed = integer('--seed', seed, -2_147_483_648, 2_147_483_647, 'a 32-bit integer (fast-check seed)');
  const numRuns = str('num-runs');
  if (numRuns !== undefined) options.numRuns = integer('--num-runs', numRuns, 1, 1_000_000, 'a whole number of runs from 1 to 1000000');
  const replayPath = str('path');
  if (replayPath !== undefined) {
    if (!/^\d+(:\d+)*$/.test(replayPath)) throw new UsageError(`--path ${JSON.stringify(replayPath)} is not a fast-check replay path (numbers joined by colons, for example 12:0:3)`);
    if (options.seed === undefined) throw new UsageError('--path replays one case of a given seed: give --seed too (both are in the failing report)');
    options.path = replayPath;
  }
  const oracle = str('oracle');
  if (oracle !== undefined) {
    if (oracle !== 'reference') throw new UsageError(`--oracle ${JSON.stringify(oracle)}: the only oracle is "reference" (the reference adapter)`);
    options.oracle = 'reference';
  }
  const requestTimeout = str('request-timeout');
  if (requestTimeout !== undefined) options.requestTimeoutMs = integer('--request-timeout', requestTimeout, 1, DAY_MS, 'milliseconds, a whole number from 1');
  const scenarioTimeout = str('scenario-timeout');
  if (scenarioTimeout !== undefined) options.scenarioTimeoutMs = integer('--scenario-timeout', scenarioTimeout, 1, DAY_MS, 'milliseconds, a whole number from 1');
  const startTimeout = str('start-timeout');
  if (startTimeout !== undefined) options.startTimeoutMs = integer('--start-timeout', startTimeout, 1, DAY_MS, 'milliseconds, a whole number from 1');
  const parallel = str('parallel');
  if (parallel !== undefined) options.parallel = integer('--parallel', parallel, 0, 64, 'a number of worker processes from 0 (no parallelism) to 64');
  const concurrency = str('concurrency');
  if (concurrency !== undefined) options.concurrency = integer('--concurrency', concurrency, 1, 64, 'a number of scenarios at once from 1 (one after another) to 64');

  const breaker = str('circuit-breaker');
  if (breaker !== undefined) options.circuitBreaker = integer('--circuit-breaker', breaker, 0, 1_000_000, 'a number of scenarios in a row, 0 to turn the breaker off');
  const maxTime = str('max-time');
  if (maxTime !== undefined) options.maxTimeMs = 1000 * integer('--max-time', maxTime, 1, 86_400, 'seconds, a whole number from 1 to 86400');

  const profile = nonEmpty('--profile', str('profile'));
  if (profile !== undefined) options.profile = parseProfile(profile);

  if (options.checkAdapter && options.skipAdapterCheck) {
    throw new UsageError('--check-adapter and --skip-adapter-check exclude each other: --check-adapter runs only the adapter check');
  }
  if (options.coverage && options.start === undefined) {
    throw new UsageError('--coverage measures a target the runner starts: use it with --start');
  }
  if (options.coverage && !resolvable('c8/package.json')) {
    // c8 is an optional peer of the package: only --coverage needs it.
    throw new UsageError('--coverage needs c8 next to fw-conformance: npm install --save-dev c8');
  }
  return options;
}

/** --reference --coverage measures the reference's sources, which only a clone of the repository has. */
function referenceSources(): string {
  if (!fs.existsSync(path.join(PACKAGE_ROOT, REFERENCE_ADAPTER_ENTRY))) {
    throw new UsageError('--coverage with --reference measures the reference\'s TypeScript sources, which the installed package does not ship: run it from a clone of the repository');
  }
  return REFERENCE_ADAPTER_SOURCE_COMMAND;
}

function resolvable(id: string): boolean {
  try {
    require.resolve(id);
    return true;
  } catch {
    return false;
  }
}

/** `full`, or capabilities separated by commas (`routing` is implied). */
function parseProfile(raw: string): Capability[] {
  if (raw.trim() === 'full') return [...CAPABILITIES];
  const names = raw.split(',').map((c) => c.trim()).filter((c) => c !== '');
  const unknown = names.filter((c) => !(CAPABILITIES as readonly string[]).includes(c));
  if (unknown.length > 0) throw new UsageError(`--profile ${JSON.stringify(raw)}: unknown capabilit${unknown.length > 1 ? 'ies' : 'y'} ${unknown.join(', ')} (protocol §5: ${CAPABILITIES.join(', ')}, or "full")`);
  return [...new Set(['routing', ...names])] as Capability[];
}

function describeParseError(err: Error & { code?: string }): string {
  const option = /'(-{1,2}[^' ]+)/.exec(err.message)?.[1];
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option ?? err.message}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/argument missing/.test(err.message)) return `${option ?? 'an option'} needs a value`;
      if (/ambiguous/.test(err.message)) return `${option ?? 'an option'} needs a value (to give one that starts with "-", write ${option ?? '--option'}=-VALUE)`;
      return `${option ?? 'an option'} takes no value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']*)'/.exec(err.message)?.[1] ?? ''}: every input is an option (quote a --start command as one argument)`.replace(/ +:/, ':');
    default:
      return err.message;
  }
}

function nonEmpty(option: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError(`${option} needs a non-empty value`);
  return value;
}

function integer(option: string, raw: string, min: number, max: number, what: string): number {
  const value = /^[+-]?\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new UsageError(`${option} ${JSON.stringify(raw)} is not valid: expected ${what}`);
  return value;
}

function checkTargetUrl(raw: string): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--target ${JSON.stringify(raw)} is not a URL (for example http://127.0.0.1:8080)`);
  }
  if (url.protocol !== 'http:') throw new UsageError(`--target ${raw}: only http:// adapters are supported (protocol 2 is plain HTTP/1.1)`);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new UsageError(`--target ${raw}: give the adapter's origin only (scheme, host and port), without a path`);
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
