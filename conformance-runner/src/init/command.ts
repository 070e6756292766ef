import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT } from '../config/exitCodes';
import { PACKAGE_ROOT } from '../config/layout';
import { shellQuote } from '../config/shellQuote';
import { InitWriteError, writeAll } from './writeAll';

/**
 * `fw-conformance init --lang php|ts DIR`: writes an adapter skeleton to port — the control plane,
 * the manifest checks, the route-file builder, and the whole probe catalog as stubs that answer
 * `X-Fw-Error: not-ported`, so that `--check-adapter` lists exactly what is left. Never overwrites
 * a file: DIR must not hold any of the files it writes.
 */
export const INIT_HELP = `fw-conformance init — write an adapter skeleton to port

Usage:
  fw-conformance init --lang php|ts [--example-framework] DIR

  --lang php             a PHP adapter for php -S: adapter/index.php (control plane), build.php
                         (manifest -> application), manifest.php (the manifest checks),
                         catalog.php (the probe catalog, every entry a stub), start.sh
  --lang ts              a Node.js adapter in TypeScript: adapter/*.ts, the same parts
  --example-framework    php: also write vendor/autoload.php, a toy framework with the spec's Fw
                         API, so that the skeleton runs before you point it at your framework
  DIR                    where to write (created if missing; files already there are never
                         overwritten)
  -h, --help             this text

Then: fw-conformance --check-adapter --start '<the start command printed>' lists every catalog
entry left to port, by capability (docs/writing-an-adapter.md).

Exit status: 0 when the skeleton is written; 2 for a bad command line, a file that exists, or a
folder it cannot be written to (nothing is then written).
`;

export type Lang = 'php' | 'ts';

/** The options of `fw-conformance init` (INIT_HELP lists each: test/cli/drift.test.ts). */
export const INIT_OPTIONS = { lang: { type: 'string' }, 'example-framework': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

const TEMPLATES = path.join(PACKAGE_ROOT, 'conformance-runner', 'templates');

/** Template folders per language: what `init` copies, relative to the template root. */
const PARTS: Record<Lang, { always: string[]; example?: string[] }> = {
  php: { always: ['php/skeleton'], example: ['php/example-framework'] },
  ts: { always: ['ts/skeleton'] },
};

const START: Record<Lang, string> = {
  php: 'adapter/start.sh',
  // The skeleton's own tsconfig (CommonJS): ts-node's defaults for TypeScript 5.9 do not compile it.
  ts: 'TS_NODE_PROJECT=adapter/tsconfig.json node -r ts-node/register/transpile-only adapter/main.ts',
};

interface Io {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

export function runInitCommand(argv: string[], io: Io): number {
  let values: { lang?: string; 'example-framework'?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv, allowPositionals: true, strict: true, options: INIT_OPTIONS,
    }));
  } catch (err) {
    return usage(io, (err as Error).message.split('\n')[0]!);
  }
  if (values.help) {
    io.out(INIT_HELP);
    return EXIT.pass;
  }
  const lang = values.lang;
  if (lang !== 'php' && lang !== 'ts') return usage(io, `--lang ${lang === undefined ? 'is missing' : JSON.stringify(lang) + ' is not a language'}: give --lang php or --lang ts`);
  if (positionals.length !== 1) return usage(io, positionals.length === 0 ? 'give the folder to write the skeleton to (DIR)' : `one folder only; got ${positionals.join(' ')}`);
  if (values['example-framework'] && PARTS[lang].example === undefined) return usage(io, '--example-framework goes with --lang php (the TypeScript skeleton uses the reference framework)');

  const dir = path.resolve(io.cwd, positionals[0]!);
  const files = new Map<string, string>();
  for (const part of [...PARTS[lang].always, ...(values['example-framework'] ? PARTS[lang].example ?? [] : [])]) {
    for (const [relative, source] of templateFiles(path.join(TEMPLATES, part))) files.set(relative, source);
  }
  const existing = [...files.keys()].filter((f) => fs.existsSync(path.join(dir, f)));
  if (existing.length > 0) return usage(io, `${positionals[0]} already has ${existing.join(', ')}: init never overwrites a file`);
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) return usage(io, `${positionals[0]} is not a folder`);

  try {
    writeAll(dir, files);
  } catch (err) {
    if (!(err instanceof InitWriteError)) throw err;
    return usage(io, `the skeleton cannot be written to ${positionals[0]}: ${err.message}; nothing was written`);
  }
  const shown = path.relative(io.cwd, dir) || '.';
  io.out([
    `wrote a ${lang === 'php' ? 'PHP' : 'TypeScript'} adapter skeleton to ${shown}: ${[...files.keys()].sort().join(', ')}`,
    '',
    'Next:',
    `  cd ${shellQuote(shown)}`,
    lang === 'php' && !values['example-framework'] ? '  point adapter/index.php at your framework (the lines marked YOUR FRAMEWORK)' : undefined,
    lang === 'ts' ? '  point adapter/framework.ts at your framework (the lines marked YOUR FRAMEWORK)' : undefined,
    `  npx fw-conformance --check-adapter --start '${START[lang]}'   # lists the catalog entries left to port`,
    '  port them (docs/writing-an-adapter.md), then run the suite without --check-adapter',
    '',
  ].filter((line) => line !== undefined).join('\n'));
  return EXIT.pass;
}

/** Files under a template folder, as [path relative to it, absolute source]. */
function templateFiles(root: string): [string, string][] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .map((f) => [f, path.join(root, f)] as [string, string])
    .sort(([a], [b]) => a.localeCompare(b));
}

function usage(io: Io, message: string): number {
  io.err(`fw-conformance init: ${message} (see fw-conformance init --help)\n`);
  return EXIT.usage;
}
