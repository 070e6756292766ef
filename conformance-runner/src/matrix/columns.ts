import type { ConformanceReport } from '../reports/model';
import type { LoadedReport } from '../reports/read';
import type { VerdictKind } from '../model/verdict';
import { countStatuses, STATUSES, type StatusCounts } from '../model/status';

/** One implementation's report, as a column of the matrix. */
export interface MatrixColumn {
  file: string;
  /** `name version`, or `unknown implementation` when the target never answered /__fw/info. */
  label: string;
  name: string | null;
  version: string | null;
  language: string | null;
  suiteVersion: string;
  profile: { full: boolean; missing: string[]; declared: string[] };
  verdict: VerdictKind;
  verdictReason: string;
  complete: boolean;
  incompleteReason: string | null;
  /** must + implied rules passed over their number (the percentage every report shows). */
  conformance: { passed: number; total: number; percent: number };
  /** must + implied rules by status: reference rules never count. */
  counted: StatusCounts;
  /** Reference rules by status, shown apart. */
  reference: StatusCounts;
  startedAt: string;
  /** How the run was narrowed (`--rule params`), or null when it selected the whole suite. */
  narrowed: string | null;
}

export function columnOf({ file, report }: LoadedReport): MatrixColumn {
  const impl = report.implementation;
  const byLevel = report.summary.rules.byLevel;
  return {
    file,
    label: impl ? `${impl.name} ${impl.version}` : 'unknown implementation',
    name: impl?.name ?? null,
    version: impl?.version ?? null,
    language: impl?.language ?? null,
    suiteVersion: report.suite.version,
    profile: { full: report.profile.full, missing: report.profile.missing, declared: report.profile.declared },
    verdict: report.verdict,
    verdictReason: report.verdictReason,
    complete: report.complete,
    incompleteReason: report.incompleteReason,
    conformance: report.summary.conformance,
    counted: sum(byLevel.must, byLevel.implied),
    reference: byLevel.reference,
    startedAt: report.startedAt,
    narrowed: narrowing(report),
  };
}

/** The selection options of a run that did not select the whole suite, as a command line shows them. */
export function narrowing(report: ConformanceReport): string | null {
  const o = report.options;
  const parts = [
    ...o.rules.map((r) => `--rule ${r}`),
    ...(o.tags !== null ? [`--tags "${o.tags}"`] : []),
    ...(o.levels.length > 0 ? [`--level ${o.levels.join(',')}`] : []),
  ];
  return parts.length > 0 ? parts.join(' ') : null;
}

function sum(a: StatusCounts, b: StatusCounts): StatusCounts {
  const out = countStatuses([]);
  for (const s of STATUSES) out[s] = a[s] + b[s];
  out.total = a.total + b.total;
  return out;
}
