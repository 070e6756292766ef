import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from '../../config/layout';
import { caseId } from './caseId';

/**
 * Known hard cases, replayed before a property's random search (docs/reports.md, "Seed-proof
 * results"). A counterexample that was found once is tried again in every later run, whatever the
 * seed: "not found this time" never reads as "fixed".
 *
 * - `corpus`: shipped with the suite (features/properties/corpus/<property>.json), every distinct
 *   shrunk counterexample the suite has found on any target; every implementation meets them all.
 * - `expectations`: the user's own, stored by --update-expectations with the failure they showed.
 */
export type CaseSource = 'corpus' | 'expectations';

export interface ReplayCase {
  id: string;
  input: unknown;
  source: CaseSource;
}

/** One entry of a shipped corpus file. */
export interface CorpusEntry {
  id: string;
  /** The failure it showed where it was found (`<rule>:<kind>...`), for the reader. */
  signature: string;
  /** Where it was found: implementations or self-test faults, with the seed. */
  found: string[];
  input: unknown;
}

export interface CorpusFile {
  property: string;
  cases: CorpusEntry[];
}

export const CORPUS_DIR = path.join(PACKAGE_ROOT, 'features', 'properties', 'corpus');

export function corpusFile(property: string): string {
  return path.join(CORPUS_DIR, `${property}.json`);
}

/** The shipped corpus files, read once per process (six small files: the cache is bounded by the properties). */
const corpusCache = new Map<string, CorpusFile>();

/** The shipped corpus of `property` (none for a property no target has failed yet). */
export function shippedCorpus(property: string): CorpusFile {
  let corpus = corpusCache.get(property);
  if (corpus === undefined) {
    corpus = readCorpus(corpusFile(property), property);
    corpusCache.set(property, corpus);
  }
  return corpus;
}

/** Reads a corpus file; a missing one is empty. The file is the suite's own: anything else wrong is the suite's bug. */
export function readCorpus(file: string, property: string): CorpusFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return { property, cases: [] };
    throw err;
  }
  const data = JSON.parse(text) as CorpusFile;
  if (data.property !== property || !Array.isArray(data.cases)) throw new Error(`${file} is not the corpus of the property "${property}"`);
  for (const c of data.cases) {
    if (c.id !== caseId(c.input)) throw new Error(`${file}: the case ${c.id} is not the id of its input (${caseId(c.input)}): an input was edited by hand`);
  }
  return data;
}

/**
 * What a property replays before its search: the shipped corpus, then the user's stored cases,
 * each once (a case the user stored that the suite now ships is the corpus's).
 */
export function replayCases(property: string, stored: ReadonlyArray<{ input: unknown }> = []): ReplayCase[] {
  const out: ReplayCase[] = [];
  const seen = new Set<string>();
  const add = (input: unknown, source: CaseSource, id = caseId(input)): void => {
    if (seen.has(id)) return;
    seen.add(id);
    out.push({ id, input, source });
  };
  for (const c of shippedCorpus(property).cases) add(c.input, 'corpus', c.id);
  for (const c of stored) add(c.input, 'expectations');
  return out;
}
