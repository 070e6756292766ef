import { clipStrings, currentLane, echoValues, type AppResponse, type Aspect, type Finding } from '../../conformance-runner/src/forSteps';
import { fail } from './expect';

/**
 * What a failed assertion compared, and what the answer it read showed (MEDIA.finding). The
 * runner decides from it which rule the failure is evidence against (attribution/assertion.ts):
 * steps only say what they saw, never which rule that breaks.
 *
 * Steps run one at a time in a lane (one cucumber run; several share a process when the target
 * takes requests at once), so the finding of the step that is failing is held here, by lane, until
 * the AfterStep hook attaches it (steps/support/hooks.ts).
 */
const pending = new Map<number, Finding>();

/** Values kept in a finding: enough to compare, never a whole body (reports copy it). */
const MAX_TEXT = 2_000;

function small(value: unknown): unknown {
  // Long strings clipped first: a megabyte echo is not turned into JSON just to be cut.
  const kept = clipStrings(value, MAX_TEXT);
  const text = JSON.stringify(kept);
  if (text === undefined || text.length <= MAX_TEXT) return kept;
  return { clipped: `${text.slice(0, MAX_TEXT)}…`, characters: text.length };
}

/** The evidence of a response: its status, what of the catalog ran, its media type, its Allow, the values its echo shows. */
export function answered(request: string, response: AppResponse): Pick<Finding, 'request' | 'status' | 'trace' | 'mediaType' | 'emptyBody' | 'allow' | 'echoValues'> {
  const values = response.clipped === undefined ? echoValues(response.body) : undefined;
  return {
    request, status: response.status, trace: response.traced ? response.trace.slice(0, 50) : undefined,
    mediaType: response.headers['content-type']?.split(';')[0]!.trim().toLowerCase(), emptyBody: response.body === '',
    ...(response.headers['allow'] !== undefined ? { allow: response.headers['allow'] } : {}),
    ...(values !== undefined ? { echoValues: values } : {}),
  };
}

/** Fails the step with `message`, recording what was compared. */
export function failWith(aspect: Aspect, seen: Omit<Finding, 'aspect' | 'expected' | 'actual'>, message: string, actual?: unknown, expected?: unknown): never {
  pending.set(currentLane(), { ...seen, aspect, expected: small(expected), actual: small(actual) });
  return fail(message, actual, expected);
}

/** The finding of the step that just failed, once. */
export function takeFinding(): Finding | undefined {
  const lane = currentLane();
  const f = pending.get(lane);
  pending.delete(lane);
  return f;
}

/** A step starts: nothing of an earlier step's may be attached to it. */
export function clearFinding(): void {
  pending.delete(currentLane());
}
