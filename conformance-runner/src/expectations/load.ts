import * as fs from 'node:fs';
import { allViolations } from '../protocol/schemas';
import type { ExpectationsFile } from './types';

/** The expectations file is missing or invalid; the CLI reports it as a usage error (exit 2). */
export class ExpectationsError extends Error {
  override name = 'ExpectationsError';
}

export function loadExpectations(file: string): ExpectationsFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new ExpectationsError(code === 'ENOENT' ? `the expectations file ${file} does not exist` : `cannot read the expectations file ${file}: ${(err as Error).message}`);
  }
  return parseExpectations(text, file);
}

export function parseExpectations(text: string, file: string): ExpectationsFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ExpectationsError(`the expectations file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const problems = allViolations('expectations', data);
  if (problems.length > 0) {
    const list = problems.slice(0, 5).map((p) => `  at ${p.pointer || '/'}: ${p.message}`).join('\n');
    throw new ExpectationsError(`the expectations file ${file} does not match conformance-runner/schema/expectations.schema.json:\n${list}`);
  }
  const file_ = data as ExpectationsFile;
  const seen = new Set<string>();
  for (const [i, e] of file_.expected.entries()) {
    if (seen.has(e.id)) throw new ExpectationsError(`the expectations file ${file} lists "${e.id}" twice (at /expected/${i})`);
    seen.add(e.id);
  }
  return file_;
}
