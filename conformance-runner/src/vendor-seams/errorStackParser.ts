/**
 * Seam: error-stack-parser, written against 2.1.4 (what @cucumber/cucumber 12.9.0 installs; it
 * reads every failed step's stack with it).
 *
 * What it relies on: error-stack-parser takes a stack for V8's when it matches its private
 * CHROME_IE_STACK_REGEXP, `/^\s*at .*(\S+:\d+|\(native\))/m`, and for Firefox's otherwise; its
 * Firefox line expressions backtrack exponentially on a long line of quotes and colons, which a
 * property's failure message is. hasV8Frame() answers the same question in linear time, so that the
 * property worker's rebuilt errors (propertyWorker/wire.ts, withFrames) always carry V8 frames.
 *
 * What it buys: not time but a run that ends. Measured on this machine: a frameless stack of one
 * such message line of 174 characters takes error-stack-parser 55 ms, 232 characters 0.65 s, each
 * 58 more about ten times as long; a property's message is thousands.
 *
 * Upstream: stacktracejs/error-stack-parser, `parseFFOrSafari` (error-stack-parser.js, the
 * FIREFOX_SAFARI_STACK_REGEXP line test and the `(.*)@` split): a linear expression there ends this seam.
 *
 * When error-stack-parser moves: conformance-runner/test/vendor-seams/errorStackParser.test.ts fails
 * at once (another version installed, or its V8 expression written otherwise).
 */
export const ERROR_STACK_PARSER_SEAM = { dependency: 'error-stack-parser', from: '@cucumber/cucumber', writtenAgainst: '2.1.4' } as const;

/** Whether error-stack-parser takes `stack` for V8's: a line `at …` naming `file:line` or `(native)`. */
export function hasV8Frame(stack: string): boolean {
  return stack.split('\n').some((line) => /^\s*at /.test(line) && (/\S:\d/.test(line) || line.includes('(native)')));
}
