import type { Finding } from '../../model/finding';

/** What a finding's answer shows of the handler that ran, read the same way by every aspect's judgement. */

export function ranToken(f: Finding): string | undefined {
  return f.trace?.find((t) => t.startsWith('action:') || t.startsWith('closure:'));
}

/** An action finding's answer that held no echo at all: its body, as the finding gives it. */
export function rawBody(f: Finding): string | undefined {
  const a = f.actual as { body?: unknown } | undefined;
  return a !== null && typeof a === 'object' && typeof a.body === 'string' ? a.body : undefined;
}

/** The action that answered is another one: the resource's create answered by show is a rule of its own. */
export function anotherAction(f: Finding): string | undefined {
  if (typeof f.actual !== 'string' || typeof f.expected !== 'string') return undefined;
  const [expController, expMethod] = f.expected.split('@');
  const [gotController, gotMethod] = f.actual.split('@');
  if (expController === gotController && expMethod === 'create' && gotMethod === 'show') return 'create-as-show';
  return undefined;
}
