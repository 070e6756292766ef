/**
 * Quotes a word for a POSIX shell: always in single quotes, embedded ones written '\''. The one
 * quoting rule of every command the runner prints (the reference adapter's command line, the
 * curl commands of reports and properties). Always quoting costs a few characters and never
 * depends on which characters which shell treats specially (zsh expands a bare `=word`).
 * In config/, the runner's lowest folder, so protocol/curl.ts and config/options.ts share it.
 */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
