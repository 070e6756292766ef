import escapeHtml from 'escape-html';
import { documentText } from '../protocol/inert';

/**
 * Text for conformance.html and the matrix page: HTML-escaped, and its control characters shown
 * as `\xNN` (issue 38: those of an expectations file's reason reached conformance.html raw). All
 * the pages' text goes through it: the target's, the user's files', and the runner's own.
 */
export function htmlText(text: string): string {
  return escapeHtml(documentText(text));
}
