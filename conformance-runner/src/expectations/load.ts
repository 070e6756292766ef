import * as fs from 'node:fs';
import { allViolations } from '../protocol/schemas';
import type { ExpectationsFile, ExpectationsFileV1 } from './types';

/** The expectations file is missing or invalid; the CLI reports it as a usage error (exit 2). */
export class ExpectationsError extends Error {
  override name = 'ExpectationsError';
}

/**
 * `forUpdate`: the file is about to be rewritten by --update-expectations, so a version 1 file is
 * accepted and read as its reasons (it has no results to compare).
 */
export function loadExpectations(file: string, forUpdate = false): ExpectationsFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new ExpectationsError(code === 'ENOENT' ? `the expectations file ${file} does not exist` : `cannot read the expectations file ${file}: ${(err as Error).message}`);
  }
  return parseExpectations(text, file, forUpdate);
}

export function parseExpectations(text: string, file: string, forUpdate = false): ExpectationsFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ExpectationsError(`the expectations file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  if (isVersion1(data)) {
    if (!forUpdate) {
      throw new ExpectationsError(`the expectations file ${file} is version 1 (rule by rule); the gate now compares results one by one: ` +
        'run once with --update-expectations to convert it (its reasons and issues are kept)');
    }
    return fromVersion1(data);
  }
  const problems = allViolations('expectations', data);
  if (problems.length > 0) {
    const list = problems.slice(0, 5).map((p) => `  at ${p.pointer || '/'}: ${p.message}`).join('\n');
    throw new ExpectationsError(`the expectations file ${file} does not match conformance-runner/schema/expectations.schema.json:\n${list}`);
  }
  const parsed = data as ExpectationsFile;
  const seen = new Set<string>();
  for (const [i, r] of parsed.rules.entries()) {
    if (seen.has(r.rule)) throw new ExpectationsError(`the expectations file ${file} lists the rule "${r.rule}" twice (at /rules/${i})`);
    seen.add(r.rule);
    const scenarios = new Set<string>();
    for (const [j, x] of r.results.entries()) {
      if (scenarios.has(x.scenario)) throw new ExpectationsError(`the expectations file ${file} lists "${x.scenario}" twice under ${r.rule} (at /rules/${i}/results/${j})`);
      scenarios.add(x.scenario);
      if ((x.status === 'blocked') !== (x.blockedBy !== undefined)) {
        throw new ExpectationsError(`the expectations file ${file}: at /rules/${i}/results/${j}, blockedBy goes with the status blocked, and only with it`);
      }
    }
  }
  return parsed;
}

function isVersion1(data: unknown): data is ExpectationsFileV1 {
  return data !== null && typeof data === 'object' && !('version' in data) && Array.isArray((data as { expected?: unknown }).expected);
}

/** A version 1 file's reasons and issues, on rules with no results yet. */
function fromVersion1(v1: ExpectationsFileV1): ExpectationsFile {
  return {
    version: 2, implementation: v1.implementation, ...(v1.profile !== undefined ? { profile: v1.profile } : {}),
    rules: v1.expected.map((e) => ({ rule: e.id, ...(e.reason !== undefined ? { reason: e.reason } : {}), ...(e.issue !== undefined ? { issue: e.issue } : {}), results: [] })),
  };
}
