import * as fs from 'node:fs';
import * as path from 'node:path';

/** The version of the package a resolved file belongs to: its nearest package.json with a name. */
export function installedVersion(file: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const json = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (json.name !== undefined) return json.version ?? '';
  }
  throw new Error(`no package.json above ${file}`);
}
