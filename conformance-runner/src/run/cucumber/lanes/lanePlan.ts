import type { ScenarioDef } from '../../../model/suite';

/**
 * What each lane runs (lanes.ts), as cucumber `paths`: whole feature files where they fit, and a
 * large file's scenarios split by line (`file:12:40:…`) where one file alone would hold a lane up.
 * Every lane parses each file it is given, so a file is given to as few lanes as the balance
 * allows: parsing every file in every lane (cucumber's `shard` option) cost a run 0.1 s of CPU
 * per lane. The scenarios are shared by count, the longest first, each to the lane with the
 * fewest so far: a scenario's time is mostly its requests, and against a slow target the run lasts
 * as long as its longest lane.
 */
export interface LanePlan {
  /** One entry per scenario lane: the paths it runs (its `not @property` scenarios). */
  scenarios: string[][];
  /** The files holding property scenarios, for the lane of their own (its `@property` scenarios). */
  properties: string[];
}

interface Unit {
  uri: string;
  lines: number[];
  /** The whole file, when all its selected scenarios are in this unit. */
  whole: boolean;
}

export function planLanes(selected: readonly ScenarioDef[], lanes: number): LanePlan {
  const byFile = new Map<string, number[]>();
  const properties = new Set<string>();
  for (const s of selected) {
    if (s.property) {
      properties.add(s.uri);
      continue;
    }
    const lines = byFile.get(s.uri);
    if (lines === undefined) byFile.set(s.uri, [s.line]);
    else lines.push(s.line);
  }
  const total = [...byFile.values()].reduce((n, lines) => n + lines.length, 0);
  const fair = Math.max(1, Math.ceil(total / lanes));
  const units: Unit[] = [];
  for (const [uri, lines] of byFile) {
    if (lines.length <= fair) {
      units.push({ uri, lines, whole: true });
      continue;
    }
    const sorted = [...lines].sort((a, b) => a - b);
    const pieces = Math.ceil(sorted.length / fair);
    const size = Math.ceil(sorted.length / pieces);
    for (let i = 0; i < sorted.length; i += size) units.push({ uri, lines: sorted.slice(i, i + size), whole: false });
  }
  // The largest first, each to the lane with the fewest scenarios so far (ties: the first lane).
  units.sort((a, b) => b.lines.length - a.lines.length || a.uri.localeCompare(b.uri) || a.lines[0]! - b.lines[0]!);
  const loads = Array.from({ length: Math.max(1, Math.min(lanes, units.length)) }, () => ({ count: 0, units: [] as Unit[] }));
  for (const unit of units) {
    const lane = loads.reduce((least, l) => (l.count < least.count ? l : least));
    lane.count += unit.lines.length;
    lane.units.push(unit);
  }
  return {
    scenarios: loads.filter((l) => l.units.length > 0).map((l) => pathsOf(l.units)),
    properties: [...properties].sort(),
  };
}

/** A lane's units as cucumber paths: one per file, its lines joined when the lane has part of it. */
function pathsOf(units: Unit[]): string[] {
  const files = new Map<string, { whole: boolean; lines: number[] }>();
  for (const u of units) {
    const f = files.get(u.uri) ?? { whole: false, lines: [] };
    f.whole ||= u.whole;
    f.lines.push(...u.lines);
    files.set(u.uri, f);
  }
  return [...files].sort(([a], [b]) => a.localeCompare(b))
    .map(([uri, f]) => (f.whole ? uri : `${uri}:${[...f.lines].sort((a, b) => a - b).join(':')}`));
}
