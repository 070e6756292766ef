import type { CliOptions } from '../../config/options';
import { compareWithExpectations, type Comparison } from '../../expectations/compare';
import type { ExpectationsFile } from '../../expectations/types';
import type { Capability } from '../../protocol/manifest';
import { REPORT_VERSION, requestStats, toReportScenario, type AdapterCheckSummary, type ConformanceReport, type CoverageInfo, type ReportApplications } from '../../reports/model';
import type { Target } from '../../target';
import type { Attribution } from '../../attribution/rules';
import { summarise } from './summary';
import { display } from './display';
import { decideVerdict, profileOf } from './verdict';
import { clipComparison } from './clipComparison';
import { CLIP, clipText } from '../../protocol/clip';

const TIMING_METHOD = 'undici diagnostics channels in every cucumber process (support/timing.ts): from the creation of each request to the end of its response body';

/** Everything a report is made of, once the run's results are attributed to rules. */
export interface ReportInput {
  options: CliOptions;
  /** Where paths are shown from (display.ts). */
  cwd: string;
  suiteVersion: string;
  spec: string;
  /** The selection's filters when it does not select the whole suite (verdict: partial). */
  filters?: string;
  attributed: Attribution;
  /** Every scenario and rule id of the suite: the expectations file may name no other. */
  knownIds: Set<string>;
  /** Undefined when no target was opened. */
  target?: Pick<Target, 'info' | 'address'>;
  expectations?: ExpectationsFile;
  seed: number;
  startedAt: Date;
  finishedAt: Date;
  wallMs: number;
  suiteMs: number;
  /** How many scenarios ran at once; undefined when the suite did not start. */
  lanes?: number;
  complete: boolean;
  incompleteReason?: string;
  adapterCheck: AdapterCheckSummary | null;
  /** Tokens to redact from the scenarios' exchanges. */
  secrets: readonly string[];
  coverage: { info: CoverageInfo | null; warning?: string } | null;
  /** The warnings so far; the report adds the comparison's and the coverage's. */
  warnings: readonly string[];
  /** The adapter's `applications` claim and what the run made of it; null when the target was not opened. */
  applications: ReportApplications | null;
}

/**
 * conformance.json from a run's attributed results: the comparison with the expectations file,
 * the profile, the verdict and its gate, the summary and timing. Pure (the clock is an input), so
 * a report can be checked without running anything.
 */
export function buildReport(input: ReportInput): ConformanceReport {
  const { options, attributed, expectations } = input;
  const { rules, scenarios } = attributed;
  const warnings = [...input.warnings];
  const secrets = [...input.secrets];
  const declared = input.target?.info.capabilities ?? [];
  const comparison: Comparison | undefined = expectations ? clipComparison(compareWithExpectations(expectations, rules, scenarios, input.knownIds, input.target ? declared : undefined)) : undefined;
  if (comparison && comparison.unknown.length > 0) warnings.push(clipText(`expectations name unknown ids (stale entries): ${comparison.unknown.join(', ')}`, CLIP.messageChars));
  const requested = options.profile ?? (expectations?.profile as Capability[] | undefined) ?? null;
  const profile = profileOf(declared, requested, rules);
  const verdict = decideVerdict({
    rules, complete: input.complete, incompleteReason: input.incompleteReason, comparison, profile,
    filtered: input.filters, rootCauses: attributed.rootCauses.filter((r) => r.level !== 'reference').map((r) => r.rule),
  });
  const stats = requestStats(scenarios);
  if (input.coverage?.warning) warnings.push(input.coverage.warning);
  const info = input.target?.info;

  return {
    reportVersion: REPORT_VERSION,
    suite: { name: 'fw-conformance', version: input.suiteVersion, spec: input.spec },
    implementation: info?.implementation ?? null,
    protocol: info?.protocol ?? null,
    capabilities: info?.capabilities ?? [],
    target: { url: input.target?.address.url ?? options.target ?? null, start: options.start ?? null },
    seed: input.seed,
    numRuns: options.numRuns,
    options: {
      tags: options.tags ?? null, rules: options.rules, levels: options.levels,
      expectations: options.expectations ? display(input.cwd, options.expectations) : null,
      updateExpectations: options.updateExpectations, out: options.out, path: options.path ?? null, oracle: options.oracle ?? null,
      requestTimeoutMs: options.requestTimeoutMs, scenarioTimeoutMs: options.scenarioTimeoutMs ?? null,
      startTimeoutMs: options.startTimeoutMs, parallel: options.parallel, failFast: options.failFast, coverage: options.coverage,
      skipAdapterCheck: options.skipAdapterCheck, profile: options.profile ?? null,
    },
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    complete: input.complete,
    incompleteReason: input.complete ? null : input.incompleteReason ?? 'interrupted',
    verdict: verdict.verdict,
    verdictReason: verdict.reason,
    gate: verdict.gate,
    profile,
    rootCauses: attributed.rootCauses,
    expectations: comparison && expectations
      ? { file: display(input.cwd, options.expectations!), implementation: expectations.implementation, ...comparison }
      : null,
    adapterCheck: input.adapterCheck,
    applications: input.applications,
    summary: summarise(rules, scenarios),
    rules,
    scenarios: scenarios.map((s) => toReportScenario(s, secrets)),
    timing: {
      wallMs: input.wallMs,
      suiteMs: Math.round(input.suiteMs),
      ...(input.lanes !== undefined ? { lanes: input.lanes } : {}),
      requests: stats.requests,
      medianRequestMs: stats.median,
      p95RequestMs: stats.p95,
      method: TIMING_METHOD,
    },
    coverage: input.coverage?.info ?? null,
    warnings,
  };
}
