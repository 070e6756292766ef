/** One HTTP exchange with the target, kept so that a failure can be reproduced with curl. */
export interface Exchange {
  method: string;
  path: string;
  requestHeaders: Record<string, string>;
  /** The body sent, clipped to LIMITS.storedBodyBytes (then requestBodyBytes and maybe requestBodyFill are set). */
  requestBody?: string;
  /** The whole request body's size, when requestBody is clipped. */
  requestBodyBytes?: number;
  /** The one character the whole request body repeats, when it does and is clipped. */
  requestBodyFill?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** The body received, clipped like requestBody. */
  responseBody?: string;
  responseBodyBytes?: number;
  /** The framework's error behind the answer (X-Fw-Exception, protocol §3.3), read and made inert. */
  frameworkError?: FrameworkError;
  durationMs: number;
  error?: string;
}

/** The framework's error behind an answer (X-Fw-Exception, protocol §3.3), read, clipped and made inert (protocol/frameworkError.ts). */
export interface FrameworkError {
  /** The exception's class; null when the header was not the JSON the protocol describes. */
  class: string | null;
  message: string;
  file: string | null;
  line: number | null;
}
