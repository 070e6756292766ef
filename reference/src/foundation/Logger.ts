/** Where the framework reports errors it turned into 500 responses. */
export interface Logger {
  error(message: string, error?: unknown): void;
}

export const stderrLogger: Logger = {
  error(message, error) {
    const detail = error instanceof Error ? (error.stack ?? error.message) : error === undefined ? '' : String(error);
    process.stderr.write(`[fw] ${message}${detail === '' ? '' : `\n${detail}`}\n`);
  },
};

export const silentLogger: Logger = { error() {} };
