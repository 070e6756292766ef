import * as fs from 'node:fs';

/** What can tell a file of declarations from one with code, in the order tried. */
export type Transpiler = 'esbuild' | 'typescript';

/**
 * Whether a source file compiles to anything but module boilerplate (not a types-only file), for
 * coverage's list of files the target never loaded. esbuild (a development dependency, so in a
 * clone) answers in milliseconds; loading TypeScript for it took the run's last 0.7 s. Both drop
 * exactly what has no JavaScript (types, interfaces, `declare`, type-only imports and exports).
 * The installed package has neither: there a .ts file counts as code.
 */
export function hasRuntimeCode(file: string, transpilers: readonly Transpiler[] = ['esbuild', 'typescript']): boolean {
  const text = fs.readFileSync(file, 'utf8');
  if (!file.endsWith('.ts')) return hasCode(withoutCjsBoilerplate(withoutComments(text)));
  for (const transpiler of transpilers) {
    const js = transpiler === 'esbuild' ? byEsbuild(text) : byTypeScript(text);
    if (js !== undefined) return hasCode(js);
  }
  return true;
}

/**
 * hasRuntimeCode of many files at once: esbuild's service transforms them side by side, where its
 * synchronous API starts a process for each file (~9 ms each).
 */
export async function filesWithRuntimeCode(files: readonly string[]): Promise<Map<string, boolean>> {
  const esbuild = optional<typeof import('esbuild')>('esbuild');
  const answers = await Promise.all(files.map(async (file): Promise<boolean> => {
    if (esbuild !== undefined && file.endsWith('.ts')) {
      try {
        return hasCode(withoutComments((await esbuild.transform(fs.readFileSync(file, 'utf8'), ESBUILD)).code));
      } catch {
        // below, one transpiler after the other
      }
    }
    return hasRuntimeCode(file);
  }));
  return new Map(files.map((file, i) => [file, answers[i]!]));
}

// ESM output has no module boilerplate: a file of declarations compiles to nothing at all.
const ESBUILD = { loader: 'ts', format: 'esm', target: 'es2022' } as const;

function byEsbuild(text: string): string | undefined {
  const esbuild = optional<typeof import('esbuild')>('esbuild');
  try {
    return esbuild && withoutComments(esbuild.transformSync(text, ESBUILD).code);
  } catch {
    return undefined; // a file esbuild cannot parse: TypeScript's transpiler, which never refuses, decides
  }
}

function byTypeScript(text: string): string | undefined {
  const ts = optional<typeof import('typescript')>('typescript');
  return ts && withoutCjsBoilerplate(ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, removeComments: true },
  }).outputText);
}

function withoutComments(js: string): string {
  return js.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
}

/** What tsc and TypeScript's transpiler put into every CommonJS module, code or not. */
function withoutCjsBoilerplate(js: string): string {
  return js.replace(/^"use strict";\s*/, '').replace(/Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);/, '');
}

function hasCode(js: string): boolean {
  return js.trim() !== '';
}

function optional<T>(name: string): T | undefined {
  try {
    return require(name) as T;
  } catch {
    return undefined;
  }
}
