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
  --lang ts              a Node.js adapter in TypeScript, the same parts in adapter/*.ts, run by
                         tsx: framework.ts is the one file that calls your framework (every method
                         a stub), package.json pins what it needs (npm install --prefix adapter)
  --example-framework    php: also write vendor/autoload.php, a toy framework with the spec's Fw
                         API, so that the skeleton runs before you point it at your framework;
                         ts: write adapter/framework.ts bound to the reference framework that
                         comes with fw-conformance instead of the stubs, a complete example
  DIR                    where to write (created if missing; files already there are never
                         overwritten)
  -h, --help             this text

Then: fw-conformance --check-adapter --start adapter/start.sh lists what is left to port, the
catalog by capability (docs/writing-an-adapter.md).

Exit status: 0 when the skeleton is written; 2 for a bad command line, a file that exists, or a
folder it cannot be written to (nothing is then written).
`;

export type Lang = 'php' | 'ts';

/** The options of `fw-conformance init` (INIT_HELP lists each: test/cli/drift.test.ts). */
export const INIT_OPTIONS = { lang: { type: 'string' }, 'example-framework': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

const TEMPLATES = path.join(PACKAGE_ROOT, 'conformance-runner', 'templates');

/**
 * Template folders per language: what `init` copies, relative to the template root. A file of the
 * example replaces the skeleton's file of the same name (ts: adapter/framework.ts).
 */
const PARTS: Record<Lang, { always: string[]; example: string[] }> = {
  php: { always: ['php/skeleton'], example: ['php/example-framework'] },
  ts: { always: ['ts/skeleton'], example: ['ts/example-framework'] },
};

/** The skeleton's start command, as --start takes it: both languages' start scripts work from any folder. */
const START = 'adapter/start.sh';

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

  const dir = path.resolve(io.cwd, positionals[0]!);
  const files = new Map<string, string>();
  for (const part of [...PARTS[lang].always, ...(values['example-framework'] ? PARTS[lang].example : [])]) {
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
  const example = values['example-framework'] === true;
  const check = `  npx fw-conformance --check-adapter --start ${START}`;
  io.out([
    `wrote a ${lang === 'php' ? 'PHP' : 'TypeScript'} adapter skeleton to ${shown}: ${[...files.keys()].sort().join(', ')}`,
    '',
    'Next:',
    ...(shown === '.' ? [] : [`  cd ${shellQuote(shown)}`]),
    ...(lang === 'php'
      ? [
        ...(example ? [] : [
          '  point adapter/index.php at your framework (the lines marked YOUR FRAMEWORK)',
          '  (no framework at hand yet? init --lang php --example-framework writes a toy one to try the skeleton on)',
        ]),
        `${check}   # lists the catalog entries left to port`,
      ]
      : [
        ...(suiteFoundFrom(path.join(dir, 'adapter')) ? [] : ['  npm install --save-dev fw-conformance   # adapter/manifest.ts reads the protocol\'s schemas from it']),
        '  npm install --prefix adapter   # adapter/package.json: tsx, typescript, @types/node and ajv, pinned',
        `${check}   # lists what is left to port`,
        example
          ? '  adapter/framework.ts runs the skeleton on the reference framework: write it again for yours (the Framework interface of adapter/build.ts)'
          : '  bind adapter/framework.ts to your framework (its TODO lines): until then every application request answers not-ported',
      ]),
    '  port what it lists (docs/writing-an-adapter.md), then run the suite without --check-adapter',
    '',
  ].join('\n'));
  return EXIT.pass;
}

/** Whether adapter/ of the TypeScript skeleton finds fw-conformance (its schemas, the reference framework). */
function suiteFoundFrom(dir: string): boolean {
  // Walked by hand: require.resolve would find the package by its own name from this very file
  // (package self-reference through its "exports"), wherever `dir` is.
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'node_modules', 'fw-conformance', 'package.json'))) return true;
    if (path.dirname(current) === current) return false;
  }
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
