/**
 * The suite's oracle for a `{name:regex}` constraint: the regex's language, decided by the runner's
 * own JavaScript engine with the constraint anchored to the whole decoded segment. Generated
 * constraints are in the subset on which JavaScript and PCRE agree, so this is the language any
 * implementation's engine must also see.
 */
const anchoredCache = new Map<string, RegExp>();

export function anchored(source: string): RegExp {
  let re = anchoredCache.get(source);
  if (!re) {
    re = new RegExp(`^(?:${source})$`);
    if (anchoredCache.size > 10_000) anchoredCache.clear();
    anchoredCache.set(source, re);
  }
  return re;
}

/** Whether a decoded segment value is in the constraint's language. */
export function inLanguage(source: string, value: string): boolean {
  return anchored(source).test(value);
}
