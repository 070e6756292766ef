import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A bad command line of a subcommand: printed with a pointer to its --help, exit 2. */
export class SubcommandUsageError extends Error {
  override name = 'SubcommandUsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util parseArgs for `fw-conformance matrix|diff`, its errors turned into sentences that name
 * the option (node's own say "Unknown option '--x'. To specify a positional argument ...").
 */
export function parseSubcommand(argv: string[], options: Options): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
    return { values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (err) {
    const error = err as Error & { code?: string };
    const option = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1] ?? 'an option';
    switch (error.code) {
      case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
        throw new SubcommandUsageError(`unknown option ${option}`);
      case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
        throw new SubcommandUsageError(/argument missing|ambiguous/.test(error.message) ? `${option} needs a value` : `${option} takes no value`);
      default:
        throw new SubcommandUsageError(error.message);
    }
  }
}

/** An option value that must not be blank (`--out ""`). */
export function nonBlank(option: string, value: string | boolean | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.trim() === '') throw new SubcommandUsageError(`${option} needs a non-empty value`);
  return value;
}
