import { AdapterError, RequestTimeoutError } from '../protocol/errors';
import { TargetError } from './TargetError';

/** Turns a failed GET /__fw/info into a TargetError that says what to do about it. */
export function explainInfoFailure(err: unknown, where: string, outputTail?: string): TargetError {
  const tail = outputTail === undefined ? {} : { outputTail };
  if (err instanceof RequestTimeoutError) {
    return new TargetError(`the adapter at ${where} accepted the connection but GET /__fw/info did not answer within ${err.timeoutMs} ms`, { cause: err, ...tail });
  }
  if (err instanceof AdapterError) {
    if (err.details.status === 401) {
      return new TargetError(`the adapter at ${where} refused the token: GET /__fw/info answered 401. Pass the token the adapter was started with (--token), or let the runner start it (--start)`, { cause: err, ...tail });
    }
    if (err.details.code === 'ECONNREFUSED') {
      return new TargetError(`nothing answers at ${where} (connection refused): is the adapter running and listening there?`, { cause: err, ...tail });
    }
    if (typeof err.details.code === 'string') {
      return new TargetError(`cannot reach the adapter at ${where}: ${err.message}`, { cause: err, ...tail });
    }
    return new TargetError(`the adapter at ${where} does not follow protocol 2 in GET /__fw/info (§2.2): ${err.message}. Run with --check-adapter for a full diagnosis`, { cause: err, ...tail });
  }
  return new TargetError(`GET /__fw/info at ${where} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err, ...tail });
}
