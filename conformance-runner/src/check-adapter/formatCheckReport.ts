import { CLIP, clipText } from '../protocol/clip';
import { terminalLine, terminalText } from '../protocol/inert';
import type { CheckReport, CheckStatus } from './types';

export interface FormatOptions {
  /** ANSI colours for a terminal. */
  color?: boolean;
  /** Show the exchanges of passing checks too (default: only for fail and warn). */
  verbose?: boolean;
}

const LABEL: Record<CheckStatus, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', note: 'NOTE', skip: 'SKIP' };
const COLOR: Record<CheckStatus, string> = { pass: '32', fail: '31', warn: '33', note: '36', skip: '90' };

/** The human-readable report of `fw-conformance --check-adapter`, one line per check. */
export function formatCheckReport(report: CheckReport, options: FormatOptions = {}): string {
  const paint = (status: CheckStatus, text: string) => (options.color ? `\x1b[${COLOR[status]}m${text}\x1b[0m` : text);
  const impl = report.implementation;
  const lines = [
    `Adapter check of ${report.target}` +
      (impl ? ` — ${terminalLine(impl.name)} ${terminalLine(impl.version)} (${terminalLine(impl.language)}), protocol ${report.protocol}` : ''),
    '',
  ];
  const idWidth = Math.max(...report.checks.map((c) => c.id.length));
  for (const check of report.checks) {
    lines.push(`${paint(check.status, LABEL[check.status])}  ${check.id.padEnd(idWidth)}  ${check.section.padEnd(5)} ${check.title}`);
    const indent = ' '.repeat(6);
    const detailed = check.status === 'fail' || check.status === 'warn' || check.status === 'note' || options.verbose;
    const messages = detailed || check.status === 'skip' ? check.messages : check.messages.slice(0, 1);
    for (const message of messages) lines.push(...indentLines(check.status === 'pass' ? `→ ${message}` : message, indent));
    if (detailed) {
      for (const e of check.evidence) {
        lines.push(...indentLines(`sent: ${e.sent}`, indent), ...indentLines(`got:  ${e.got}`, indent));
      }
    }
  }
  const { pass, fail, warn, note, skip } = report.counts;
  lines.push('');
  lines.push(`${pass} passed, ${fail} failed, ${warn} warnings, ${note} notes, ${skip} skipped in ${(report.durationMs / 1000).toFixed(1)} s`);
  if (note > 0) lines.push('Notes are the framework\'s behaviour, not protocol faults: the suite judges it in its own scenarios.');
  lines.push(report.ok
    ? (warn > 0 ? 'The adapter speaks protocol 2; read the warnings above before running the suite.' : 'The adapter speaks protocol 2: run the suite next.')
    : 'The adapter does not follow protocol 2 yet: fix the failures above (docs/adapter-protocol.md, docs/writing-an-adapter.md), then run --check-adapter again.');
  return lines.join('\n');
}

/** Messages and evidence hold what the adapter answered: clipped, and inert on a terminal. */
function indentLines(text: string, indent: string): string[] {
  return terminalText(clipText(text, CLIP.messageChars)).split('\n').map((line) => `${indent}${line}`);
}
