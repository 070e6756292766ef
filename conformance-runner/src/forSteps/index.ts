/**
 * The runner as the suite's step definitions see it (steps/): the one module of
 * conformance-runner/ they import, so that the runner's folders can move and split without the
 * steps following them (scripts/layering.ts fails on a step that imports any other file of the
 * runner). It re-exports; it holds nothing of its own but what needs the runner's loading
 * discipline: the property engine (fast-check) is loaded only by a step that checks a property here.
 */
import { targetClientOptions as clientOptions, type ClientOptions, type EarlyProperty, type WorldParameters } from '../protocol';
import { BackgroundProperties } from '../propertyWorker/BackgroundProperties';
import type { Checked } from '../propertyWorker/checkProperty';
import { propertyParameters } from '../properties/engine/parameters';
import { runStateOf } from '../run/control/runState';

export {
  AdapterClient, AdapterError, UnsupportedError, MEDIA,
  type AppRequest, type AppResponse, type ChainCall, type EchoBody, type Handler, type HttpVerb, type Info,
  type Manifest, type ServerLimit, type Statement, type TypedValue, type UrlParams, type UrlResult, type WorldParameters,
} from '../protocol';
export { CLIP, clipStrings, clipText, isSmall, safeStringify } from '../protocol/clip';
export { describeClipped } from '../protocol/answerBody';
export { describeFrameworkError } from '../protocol/frameworkError';
export { echoValues } from '../protocol/echoValues';
export type { Aspect, Finding } from '../model/finding';
export { diagnoseBoot } from '../attribution/diagnoseBoot';
export type { PropertyInfo, PropertyResult } from '../properties/engine/runProperty';
export { propertyParameters } from '../properties/engine/parameters';
export type { BackgroundProperties } from '../propertyWorker/BackgroundProperties';
export { scenarioIdOf } from '../propertyWorker/wire';
export type { Checked } from '../propertyWorker/checkProperty';
export { currentLane, lastLaneAt } from '../run/cucumber/lanes/laneContext';

/**
 * Checks a property in this thread: only where no background worker runs it (a --parallel worker
 * process, cucumber run directly). Loaded then, so that the engine and fast-check stay out of the
 * suite's start everywhere else.
 */
export function checkPropertyHere(name: string, params: WorldParameters, tags: string[]): Promise<Checked> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { checkProperty } = require('../propertyWorker/checkProperty') as typeof import('../propertyWorker/checkProperty');
  return checkProperty(name, params, tags, runStateOf(params).sharing);
}

/**
 * How the suite's clients of the target are made: they share the run's applications (a
 * per-request adapter's, loaded once) and its tally of misplaced X-Fw-Exception headers.
 */
export function targetClientOptions(params: WorldParameters): ClientOptions {
  return clientOptions(params, runStateOf(params).sharing);
}

/**
 * The properties of `early` running in the background for the suite: those the runner started
 * during the adapter check, or started now (a run whose runner did not: cucumber run directly).
 */
export function backgroundProperties(params: Partial<WorldParameters>, early: readonly EarlyProperty[]): BackgroundProperties {
  const run = runStateOf(params);
  // Every lane of the run asks (its BeforeAll): the first starts them, the others get the same.
  run.suiteProperties ??= run.properties.takeStarted() ?? new BackgroundProperties(propertyParameters(params), early, run.sharing.misplaced);
  return run.suiteProperties;
}
