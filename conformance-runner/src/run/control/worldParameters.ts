import type { CliOptions } from '../../config/options';
import type { ExpectationsFile } from '../../expectations/types';
import type { EarlyProperty, WorldParameters } from '../../protocol/world';
import type { Target } from '../../target';
import type { Selection } from './selection';
import { laneCount } from '../cucumber/lanes/lanes';

/** What the run hands cucumber (docs/architecture.md, "World parameters"). */
/** `applications`: how the run uses the target's applications, once its claim is checked (run/applicationsClaim.ts). */
export function worldParametersFor(target: Target, oracle: Target | undefined, options: CliOptions, seed: number, selection: Selection, expectations?: ExpectationsFile,
  applications: 'per-request' | 'persistent' = target.info.applications === 'per-request' ? 'per-request' : 'persistent'): WorldParameters {
  const early = earlyProperties(selection, options);
  const lanes = laneCount(target.info.concurrency, options);
  const replay = storedCases(expectations);
  return {
    target: target.address,
    capabilities: target.info.capabilities,
    ...(target.info.server ? { serverLimits: target.info.server.limits, server: target.info.server.name } : {}),
    requestTimeoutMs: options.requestTimeoutMs,
    ...(applications === 'per-request' ? { shareApps: { unloadAtEnd: options.target !== undefined } } : {}),
    ...(target.info.unloadWithLoad === true ? { unloadWithLoad: true } : {}),
    ...(target.info.urlBatches === true ? { urlBatches: true } : {}),
    ...(target.info.handlers === 'context' ? { handlers: 'context' as const } : {}),
    ...(target.info.groupCallback === 'none' ? { groupCallback: 'none' as const } : {}),
    seed,
    numRuns: options.numRuns,
    ...(options.path !== undefined ? { replayPath: options.path } : {}),
    ...(replay !== undefined ? { replay } : {}),
    ...(oracle ? { oracle: oracle.address } : {}),
    ...(early.length > 0 ? { early } : {}),
    ...(lanes > 1 ? { concurrency: lanes } : {}),
  };
}

/** Whether a run with these options starts the properties of its selection early (earlyProperties). */
export function propertiesMayStartEarly(options: CliOptions): boolean {
  return options.parallel === 0 && !options.failFast;
}

/**
 * In one process, the properties start with the suite and run alongside the other scenarios
 * (WorldParameters.early). Not with workers (each would start them all) nor with --fail-fast
 * (the first failure should come as early as it can).
 */
export function earlyProperties(selection: Selection, options: CliOptions): EarlyProperty[] {
  if (!propertiesMayStartEarly(options)) return [];
  return selection.scenarios.flatMap((s) => (s.propertyName === undefined ? [] : [{ scenario: s.id, property: s.propertyName, tags: s.tags }]));
}

/** The expectations file's counterexamples, by property scenario: replayed before the random search. */
export function storedCases(expectations: ExpectationsFile | undefined): WorldParameters['replay'] {
  const out: NonNullable<WorldParameters['replay']> = {};
  let any = false;
  for (const rule of expectations?.rules ?? []) {
    for (const result of rule.results) {
      for (const c of result.cases ?? []) {
        (out[result.scenario] ??= []).push({ input: c.input });
        any = true;
      }
    }
  }
  return any ? out : undefined;
}
