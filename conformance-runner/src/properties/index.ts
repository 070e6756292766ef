import type { PropertyDefinition } from './engine/definition';
import { regexConstraints } from './props/regexConstraints';
import { groupTables, resourceTables, routeNames, routeTables } from './props/routeTables';
import { urlGeneration } from './props/urlGeneration';

/**
 * The properties the features can check (`When the property "<name>" is checked`), by name.
 * Each runs against any target through the adapter protocol.
 */
export const PROPERTIES: ReadonlyMap<string, PropertyDefinition<any>> = new Map<string, PropertyDefinition<any>>(
  [regexConstraints, routeTables, groupTables, resourceTables, routeNames, urlGeneration].map((p) => [p.name, p]),
);

export function propertyNamed(name: string): PropertyDefinition<unknown> {
  const def = PROPERTIES.get(name);
  if (!def) throw new Error(`unknown property "${name}": the properties are ${[...PROPERTIES.keys()].map((n) => `"${n}"`).join(', ')}`);
  return def;
}

export { PropertyFailure } from './engine/PropertyFailure';
export { runProperty, type PropertyInfo, type PropertyResult, type PropertyRunOptions } from './engine/runProperty';
export type { PropertyDefinition } from './engine/definition';
export { propertyParameters } from './engine/parameters';
