/** An answer the adapter itself gives (protocol §2.1); never used for the framework's own answers. */
export type ErrorKind = 'auth' | 'manifest' | 'boot' | 'unsupported' | 'url' | 'app' | 'not-found' | 'internal';

export class ProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly kind: ErrorKind,
    message: string,
    readonly extra: { pointer?: string; capability?: string } = {},
  ) {
    super(message);
  }

  toJSON(): { error: Record<string, string> } {
    return { error: { kind: this.kind, message: this.message, ...this.extra } };
  }
}
