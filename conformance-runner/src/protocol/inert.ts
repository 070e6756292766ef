/**
 * Text that comes from a target (an implementation's name and version, a framework's messages, an
 * adapter's output) is data: printed or written, it must not act. An ESC in it could retitle the
 * terminal or clear the screen, a CR or backspace overwrite what the runner printed, a Markdown
 * link or image in conformance.md point a reader (or a CI page's image proxy) anywhere.
 */

/**
 * C0 and C1 controls, DEL, and the Unicode marks that reorder text (bidirectional overrides).
 * Line feeds and tabs are left to the caller: terminalText keeps them, terminalLine does not.
 */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_AND_BREAKS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeControl(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Every control character but line feed, carriage return and tab: what an HTML document may not hold. */
const CONTROLS_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text for an HTML page (before its HTML escaping): control characters shown as `\xNN`, line breaks and tabs kept. */
export function documentText(text: string): string {
  return text.replace(CONTROLS_BUT_WHITESPACE, escapeControl);
}

/** Multi-line text for a terminal: every control character but line feed and tab shown as `\xNN`. */
export function terminalText(text: string): string {
  return text.replace(CONTROLS, escapeControl);
}

/** One field for a terminal (a name, a version): line breaks and tabs escaped too. */
export function terminalLine(text: string): string {
  return text.replace(CONTROLS_AND_BREAKS, escapeControl);
}

/**
 * Text for Markdown, inline or in a table cell: control characters escaped as for a terminal,
 * line breaks made spaces, the characters that make links, images, code spans and raw HTML
 * (`[ ] ! \``, `< >`: without brackets there is no link, without `<` no autolink) and table
 * cells (`|`) escaped, so that what the target wrote is shown, never rendered.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(CONTROLS_AND_BREAKS, escapeControl)
    .replace(/[\\`[\]!|]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The runner's own terminal sequences: colours, and the progress line's "erase this line". */
const OWN_OR_CONTROL = /(\r\u001b\[2K|\u001b\[[0-9;]*m)|([\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069])/g;

/**
 * What the command writes to stdout and stderr, as a last guard behind the escaping of target text
 * where it is formatted: control characters other than the runner's own colour and progress
 * sequences are escaped.
 */
export function terminalOutput(text: string): string {
  return text.replace(OWN_OR_CONTROL, (_m, own: string | undefined, control: string | undefined) => own ?? escapeControl(control!));
}
