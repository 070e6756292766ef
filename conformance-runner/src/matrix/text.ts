import { markdownText } from '../protocol/inert';

/** Whitespace collapsed and cut to `max` characters: tooltips and table cells hold one short line. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Text made safe for a Markdown table cell: no pipe, no raw HTML (GitHub would render or strip
 * it), no line break, no link or image (reports/inert.ts).
 */
export function mdText(text: string): string {
  return markdownText(text);
}

/**
 * An identifier in a code span, which GitHub shows literally (markup in it is inert). A backtick
 * would end the span and a line break the table row, so such text is escaped as plain text.
 */
export function mdCode(text: string): string {
  return /[`\u0000-\u001f\u007f-\u009f]/.test(text) ? mdText(text) : `\`${text.replace(/\|/g, '\\|')}\``;
}

/** A report's start time as a person reads it: `2025-01-31 14:05 UTC`. */
export function shortDate(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}
