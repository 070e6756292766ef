import type { Finding } from '../../model/finding';
import { ranToken } from './answer';
import { CONVERSIONS } from '../features';

/** The conversion that made the answer of the catalog action (or closure) that ran. */

/** Catalog actions that return a string (protocol §4.2) besides ReturnController's. */
const STRING_ACTIONS = new Set(['PlainController@hello']);

/** The conversion rule of the catalog action (or closure) that ran, which made its answer. */
export function conversionOf(f: Finding): string[] {
  const token = ranToken(f);
  if (token === undefined) return [];
  if (token.startsWith('closure:')) return ['conversion.closure'];
  const action = token.slice('action:'.length);
  const rule = CONVERSIONS[action] ?? (STRING_ACTIONS.has(action) ? 'conversion.string' : undefined) ?? responseConversion(action);
  // A rendered view's text is the view system's output for its data (protocol §4.2's view actions).
  const view = f.aspect === 'body' && VIEW_ACTIONS.has(action) ? ['helpers.view-renders'] : [];
  return [...view, ...(rule !== undefined ? [rule] : [])];
}

/** The catalog actions whose body is a rendered view (protocol §4.2). */
const VIEW_ACTIONS = new Set(['HelperController@viewDefault', 'HelperController@viewFull', 'FactoryController@view', 'ViewController@render']);

/**
 * The helpers and the factory (protocol §4.2) return a Response, a JsonResponse or a
 * RedirectResponse, by what they are named for: sending it as it is is that conversion's
 * mechanism, as for ReturnController's own.
 */
function responseConversion(action: string): string | undefined {
  const [controller, method = ''] = action.split('@');
  if (controller !== 'HelperController' && controller !== 'FactoryController') return undefined;
  if (/^redirect/i.test(method)) return 'conversion.redirect-response';
  if (/^(json|responseFactory|success|created|error|validationError|notFound)/.test(method)) return 'conversion.json-response';
  return 'conversion.response';
}
