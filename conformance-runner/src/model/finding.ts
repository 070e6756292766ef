/**
 * MEDIA.finding: what a failed assertion compared and what the answer it read showed. Steps
 * attach it; attribution/assertion.ts turns it into the rule the failure is evidence against.
 */
export type Aspect =
  /** the status code */
  | 'status'
  /** a response header other than Allow and Content-Type */
  | 'header'
  /** the media type of Content-Type */
  | 'media-type'
  /** the body as text */
  | 'body'
  /** the body as JSON */
  | 'json-body'
  /** which catalog action (or closure) answered: an echo body naming it */
  | 'action'
  /** one or more parameters an action received, the right action having run */
  | 'param'
  /** the arguments a closure received */
  | 'closure-args'
  /** X-Fw-Trace: what of the catalog ran, in order */
  | 'trace'
  /** the Allow header */
  | 'allow'
  /** a URL the framework generated (or its generation failing) */
  | 'url';

export interface Finding {
  aspect: Aspect;
  /** What the step wanted and what it got (large values clipped). */
  expected?: unknown;
  actual?: unknown;
  /** The request whose answer was checked ("GET /users/7"), with what the answer showed. */
  request?: string;
  status?: number;
  /** X-Fw-Trace's tokens; absent when the answer had no such header. */
  trace?: string[];
  mediaType?: string;
  /** The answer had no body at all: whatever its headers say, nothing the handler returned reached it. */
  emptyBody?: boolean;
  /** The answer's Allow header, when it had one. */
  allow?: string;
  /** The route values the handler that answered echoed (its parameters' or arguments' strings), when the body is an echo. */
  echoValues?: string[];
  /** aspect param: the parameter compared. */
  name?: string;
  /** aspect action/param: the action the step expected to run. */
  action?: string;
  /** aspect url: the route name. */
  route?: string;
}

export const FINDING_MEDIA = 'application/vnd.fw.finding+json';
