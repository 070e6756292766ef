import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from './layout';

/** The suite's version: package.json's, as reports record it. */
export function suiteVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
