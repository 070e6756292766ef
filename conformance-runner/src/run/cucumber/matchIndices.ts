import * as path from 'node:path';

/**
 * Cucumber matches every step of the suite through cucumber-expressions, which reads each match's
 * group positions from the package regexp-match-indices. That package looks for native support by
 * calling exec without the `d` flag, never finds it, and falls back to its JavaScript version: a
 * regexp-tree parse and a new RegExp per matched step. It was about a third of a second of every
 * run's start, before the first scenario. Node has native match indices (the `d` flag, ES2022),
 * which are what the package computes: its documented export is `exec(regexp, string)`, the result
 * of `regexp.exec(string)` with `indices`. So this module is put in its place, before cucumber loads.
 * Nothing changes when the package cannot be found or cucumber has already loaded it.
 */
export function useNativeMatchIndices(): boolean {
  let file: string;
  try {
    const expressions = require.resolve('@cucumber/cucumber-expressions');
    file = require.resolve('regexp-match-indices', { paths: [path.dirname(expressions)] });
  } catch {
    return false;
  }
  if (require.cache[file] !== undefined) return require.cache[file]!.exports === execWithIndices;
  const module = new (require('node:module') as typeof import('node:module'))(file);
  module.filename = file;
  module.loaded = true;
  module.exports = execWithIndices;
  require.cache[file] = module;
  return true;
}

/** Each regexp's twin with the `d` flag, made once (cucumber keeps one regexp per step definition). */
const withIndices = new WeakMap<RegExp, RegExp>();

export function execWithIndices(regexp: RegExp, string: string): RegExpExecArray | null {
  let twin = withIndices.get(regexp);
  if (twin === undefined) {
    twin = regexp.hasIndices ? regexp : new RegExp(regexp.source, `${regexp.flags}d`);
    withIndices.set(regexp, twin);
  }
  if (twin === regexp) return regexp.exec(string);
  // exec's contract on lastIndex (global and sticky regexps) holds for the caller's regexp.
  twin.lastIndex = regexp.lastIndex;
  const match = twin.exec(string);
  regexp.lastIndex = twin.lastIndex;
  return match;
}

useNativeMatchIndices();
