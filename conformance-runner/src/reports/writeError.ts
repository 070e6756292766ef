import { fsErrorCode, fsErrorReason } from '../config/fsError';

/**
 * A report (or the expectations file) that could not be written because of the user's
 * environment (a full disk, a folder without permission): named, with the reason, and what was
 * written before it. The run exits 2 with one line, never an "internal error" with a stack (issue
 * 38: a full disk read as a bug report, exit 1, six reports and no conformance.json).
 */
export class ReportWriteError extends Error {
  override name = 'ReportWriteError';

  constructor(readonly file: string, readonly reason: string, readonly written: readonly string[] = []) {
    super(`${file}: ${reason}`);
  }
}

/** Runs `write` (of `file`); an error of the file system becomes a ReportWriteError, anything else stays what it is. */
export function writing<T>(file: string, write: () => T, written: readonly string[] = []): T {
  try {
    return write();
  } catch (err) {
    if (fsErrorCode(err) !== undefined) throw new ReportWriteError(file, fsErrorReason(err), written);
    throw err;
  }
}
