import type { Closure as RouteClosure } from '../../src';
import type { Handler } from '../manifest';
import { record } from '../Trace';
import { typed } from './typed';

/** The catalog's closures (protocol §2.3 handlers): route parameters arrive by position. */
export function catalogClosure(handler: Extract<Handler, { closure: string }>): RouteClosure {
  switch (handler.closure) {
    case 'args':
      return (...args: string[]) => {
        record('closure:args');
        return { closure: 'args', args: args.map((a) => typed(a)) };
      };
    case 'named':
      // Parameter names no scenario uses in a URI: values can only arrive by position.
      return (alpha: string, beta: string) => {
        record('closure:named');
        return { closure: 'named', args: [typed(alpha), typed(beta)] };
      };
    case 'text': {
      const value = handler.value;
      return () => {
        record('closure:text');
        return value;
      };
    }
    case 'json': {
      const value = handler.value;
      return () => {
        record('closure:json');
        // A fresh copy per request: the framework may own what an action returns.
        return structuredClone(value);
      };
    }
  }
}
