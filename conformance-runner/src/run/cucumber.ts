import * as path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfiguration, runCucumber } from '@cucumber/cucumber/api';
import type { Envelope } from '@cucumber/messages';
import { CODE_EXTENSION, COMPILED, TYPESCRIPT_LOADER } from '../config/layout';
import type { WorldParameters } from '../protocol/world';
import { FEATURES_GLOB, STEPS_GLOB } from './suite';

export interface CucumberRun {
  /** The suite root: features/ and steps/ are found under it, and pickle URIs are relative to it. */
  root: string;
  worldParameters: WorldParameters;
  /** Tag expression from the selection; undefined runs everything. */
  tagExpression?: string;
  failFast: boolean;
  parallel: number;
  onMessage: (envelope: Envelope) => void;
}

/** The runner's own support code (HTTP timing), loaded before the suite's steps. */
export const TIMING_SUPPORT = path.join(__dirname, 'support', `timing${CODE_EXTENSION}`);

/**
 * Runs the suite through cucumber's programmatic API. No configuration file is read (the
 * repository's cucumber.js is a developer profile); nothing goes to stdout (the runner prints its
 * own progress); every result reaches the runner through `onMessage`.
 */
export async function runSuiteWithCucumber(run: CucumberRun): Promise<boolean> {
  const { runConfiguration } = await loadConfiguration({
    file: false,
    provided: {
      paths: [FEATURES_GLOB],
      require: [TIMING_SUPPORT, STEPS_GLOB],
      // This process already compiles TypeScript (bin/fw-conformance.js); parallel workers are
      // fresh processes and must register the loader themselves. Compiled JavaScript needs none.
      requireModule: run.parallel > 0 && !COMPILED ? [TYPESCRIPT_LOADER] : [],
      worldParameters: run.worldParameters as unknown as Record<string, never>,
      tags: run.tagExpression ?? '',
      failFast: run.failFast,
      parallel: run.parallel,
      format: [],
      strict: true,
    },
  }, { cwd: run.root });
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const { success } = await runCucumber(runConfiguration, { cwd: run.root, stdout: silent, env: process.env }, run.onMessage);
  return success;
}
