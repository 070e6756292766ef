/**
 * Errors of the file system that are the user's environment, not a bug of fw-conformance: a full
 * disk, a folder without permission, a read-only mount, a dangling link. Said in words, with the
 * code, so that a message names the file and what to do about it instead of printing a stack.
 */
const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOENT: 'no such file or folder (a dangling link, or a folder removed meanwhile)',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder',
  EEXIST: 'it exists already',
  ELOOP: 'too many symbolic links (a link loop)',
  EIO: 'an input/output error of the device',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the name is too long',
};

/** The error's code when the file system (or the OS) raised it: `ENOSPC`, `EACCES`... */
export function fsErrorCode(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/** `no space left on the device (ENOSPC)`: what went wrong, without a stack. */
export function fsErrorReason(err: unknown): string {
  const code = fsErrorCode(err);
  if (code === undefined) return (err as Error)?.message ?? String(err);
  return `${REASONS[code] ?? ((err as Error).message.split(',')[0] ?? code)} (${code})`;
}
