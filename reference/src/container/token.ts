import type { Token } from './types';

/**
 * Creates a typed string key: `const Config = token<AppConfig>('config')`.
 * At run time it is the plain string, so it doubles as an alias name.
 */
export function token<T>(name: string): Token<T> {
  return name as Token<T>;
}
