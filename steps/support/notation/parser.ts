import type { ChainCall, Handler, HttpVerb, Statement } from '../../../conformance-runner/src/forSteps';
import { NotationError, tokenize, type Token } from './tokenizer';

/**
 * Compiles the route notation of the features (see features/README.md) into protocol-2 manifest
 * statements. The notation is the spec's own router API, so a scenario reads like the spec; the
 * parser only translates, it decides nothing about routing.
 */
export function parseRoutes(source: string): Statement[] {
  const parser = new Parser(tokenize(source));
  const statements = parser.statements('$router', 'eof');
  parser.expectKind('eof');
  return statements;
}

const VERBS: Record<string, HttpVerb> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };

/** A PHP literal value as JSON. Keyed arrays become objects, lists become arrays. */
type PhpValue = null | boolean | number | string | PhpValue[] | { [key: string]: PhpValue };

class Parser {
  private pos = 0;

  constructor(private readonly tokens: Token[]) {}

  /** Statements up to (not including) the closing token, all called on `receiver`. */
  statements(receiver: string, until: 'eof' | '}'): Statement[] {
    const out: Statement[] = [];
    while (!this.atPunct(until) && this.peek().kind !== 'eof') {
      out.push(this.statement(receiver));
      this.expectPunct(';');
    }
    return out;
  }

  private statement(receiver: string): Statement {
    const variable = this.expectKind('variable');
    if (variable.value !== receiver) {
      this.fail(variable, `expected ${receiver} (the router this block receives), found ${variable.value}`);
    }
    this.expectPunct('->');
    const method = this.expectKind('ident');
    const lower = method.value;
    if (VERBS[lower] !== undefined) return this.route(VERBS[lower]!);
    if (lower === 'group') return this.group();
    if (lower === 'resource') return this.resource();
    return this.fail(method, `unknown router method "${method.value}": use get, post, put, patch, delete, group or resource`);
  }

  private route(method: HttpVerb): Statement {
    this.expectPunct('(');
    const uri = this.expectKind('string').value;
    this.expectPunct(',');
    const handler = this.handler();
    this.expectPunct(')');
    const chain: ChainCall[] = [];
    while (this.atPunct('->')) {
      this.next();
      const call = this.expectKind('ident');
      this.expectPunct('(');
      if (call.value === 'middleware') {
        const arg = this.value();
        if (typeof arg === 'string') chain.push({ middleware: arg });
        else if (Array.isArray(arg) && arg.every((m): m is string => typeof m === 'string')) chain.push({ middleware: arg });
        else this.fail(call, 'middleware() takes a class-name string or a list of class-name strings');
      } else if (call.value === 'name') {
        chain.push({ name: this.expectKind('string').value });
      } else {
        this.fail(call, `a Route supports middleware() and name(), not ${call.value}()`);
      }
      this.expectPunct(')');
    }
    return chain.length > 0 ? { method, uri, handler, chain } : { method, uri, handler };
  }

  private group(): Statement {
    this.expectPunct('(');
    const attrToken = this.peek();
    const attributes = this.value();
    if (attributes === null || typeof attributes !== 'object' || Array.isArray(attributes) && attributes.length > 0) {
      this.fail(attrToken, "group() takes an attributes array such as ['prefix' => '/admin', 'middleware' => ['TraceA']]");
    }
    const group: { prefix?: string; middleware?: string[] } = {};
    for (const [key, value] of Object.entries(attributes as Record<string, PhpValue>)) {
      if (key === 'prefix') {
        if (typeof value !== 'string') this.fail(attrToken, "the group attribute 'prefix' must be a string");
        group.prefix = value as string;
      } else if (key === 'middleware') {
        if (!Array.isArray(value) || !value.every((m) => typeof m === 'string')) {
          this.fail(attrToken, "the group attribute 'middleware' must be a list of class-name strings");
        }
        group.middleware = value as string[];
      } else {
        this.fail(attrToken, `unknown group attribute '${key}': the spec defines 'prefix' and 'middleware'`);
      }
    }
    this.expectPunct(',');
    this.expectIdent('function');
    this.expectPunct('(');
    const inner = this.expectKind('variable').value;
    this.expectPunct(')');
    this.expectPunct('{');
    const routes = this.statements(inner, '}');
    this.expectPunct('}');
    this.expectPunct(')');
    return { group, routes };
  }

  private resource(): Statement {
    this.expectPunct('(');
    const name = this.expectKind('string').value;
    this.expectPunct(',');
    const controller = this.className();
    this.expectPunct(')');
    return { resource: name, controller };
  }

  private handler(): Handler {
    const start = this.peek();
    if (start.kind === 'ident' && start.value === 'fn') return this.closure();
    if (this.atPunct('[')) {
      this.next();
      const controller = this.className();
      this.expectPunct(',');
      const action = this.expectKind('string').value;
      this.expectPunct(']');
      return { controller, action };
    }
    return this.fail(start, "a handler is [Controller::class, 'method'] or a closure: fn() => 'text', fn() => [...], fn(...$args) => $args, fn($alpha, $beta) => [$alpha, $beta]");
  }

  private closure(): Handler {
    const fn = this.next();
    this.expectPunct('(');
    if (this.atPunct('...')) {
      this.next();
      const args = this.expectKind('variable').value;
      this.expectPunct(')');
      this.expectPunct('=>');
      const ret = this.expectKind('variable');
      if (ret.value !== args) this.fail(ret, `the variadic closure must return ${args}`);
      return { closure: 'args' };
    }
    if (this.peek().kind === 'variable') return this.namedClosure();
    this.expectPunct(')');
    this.expectPunct('=>');
    const bodyToken = this.peek();
    const body = this.value();
    if (typeof body === 'string') return { closure: 'text', value: body };
    // A number is returned as the native scalar it is (json), for the conversion of scalars.
    if ((body !== null && typeof body === 'object') || typeof body === 'number') return { closure: 'json', value: body };
    return this.fail(bodyToken ?? fn, 'a closure returns a string literal (text), an array literal or a number (json)');
  }

  /** `fn($alpha, $beta) => [$alpha, $beta]`: the catalog's closure with two named parameters. */
  private namedClosure(): Handler {
    const start = this.peek();
    const names = this.variables(')');
    this.expectPunct('=>');
    const returned = this.atPunct('[') ? (this.next(), this.variables(']')) : [];
    if (names.join() !== '$alpha,$beta' || returned.join() !== '$alpha,$beta') {
      this.fail(start, 'the closure with named parameters is written fn($alpha, $beta) => [$alpha, $beta] (protocol §2.3)');
    }
    return { closure: 'named' };
  }

  /** `$a, $b)`: variables separated by commas, up to and including the closing token. */
  private variables(close: string): string[] {
    const names: string[] = [];
    while (this.peek().kind === 'variable') {
      names.push(this.next().value);
      if (!this.atPunct(',')) break;
      this.next();
    }
    this.expectPunct(close);
    return names;
  }

  /** `Name::class`, the only way the notation names a class. */
  private className(): string {
    const name = this.expectKind('ident');
    this.expectPunct('::');
    this.expectIdent('class');
    return name.value.replace(/^\\/, '');
  }

  /** A PHP literal: string, number, true/false/null, Name::class, an array literal, or `(object) [...]` (a map, empty or not). */
  private value(): PhpValue {
    const token = this.peek();
    if (this.atPunct('(')) {
      this.next();
      const cast = this.expectKind('ident');
      if (cast.value.toLowerCase() !== 'object') this.fail(cast, 'the only cast written in routes is (object)');
      this.expectPunct(')');
      const open = this.peek();
      const value = this.array();
      if (Array.isArray(value) && value.length > 0) this.fail(open, '(object) takes a keyed array, or [] for the empty map');
      return Array.isArray(value) ? {} : value;
    }
    if (token.kind === 'string') {
      this.next();
      return token.value;
    }
    if (token.kind === 'number') {
      this.next();
      return Number(token.value);
    }
    if (this.atPunct('-')) {
      this.next();
      return -Number(this.expectKind('number').value);
    }
    if (token.kind === 'ident') {
      const lower = token.value.toLowerCase();
      if (lower === 'true' || lower === 'false' || lower === 'null') {
        this.next();
        return lower === 'null' ? null : lower === 'true';
      }
      return this.className();
    }
    if (this.atPunct('[')) return this.array();
    return this.fail(token, `expected a value, found ${describe(token)}`);
  }

  private array(): PhpValue {
    const open = this.expectPunct('[');
    const list: PhpValue[] = [];
    const map: Record<string, PhpValue> = {};
    let keyed: boolean | undefined;
    while (!this.atPunct(']')) {
      const first = this.value();
      if (this.atPunct('=>')) {
        this.next();
        if (keyed === false) this.fail(open, 'an array literal mixes keyed and unkeyed entries');
        keyed = true;
        if (typeof first !== 'string' && typeof first !== 'number') this.fail(open, 'array keys are strings or integers');
        map[String(first)] = this.value();
      } else {
        if (keyed === true) this.fail(open, 'an array literal mixes keyed and unkeyed entries');
        keyed = false;
        list.push(first);
      }
      if (!this.atPunct(',')) break;
      this.next();
    }
    this.expectPunct(']');
    return keyed === true ? map : list;
  }

  peek(): Token {
    return this.tokens[this.pos]!;
  }

  private next(): Token {
    const token = this.tokens[this.pos]!;
    if (token.kind !== 'eof') this.pos++;
    return token;
  }

  private atPunct(value: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.value === value;
  }

  private expectPunct(value: string): Token {
    const token = this.peek();
    if (token.kind !== 'punct' || token.value !== value) this.fail(token, `expected "${value}", found ${describe(token)}`);
    return this.next();
  }

  private expectIdent(value: string): Token {
    const token = this.peek();
    if (token.kind !== 'ident' || token.value !== value) this.fail(token, `expected "${value}", found ${describe(token)}`);
    return this.next();
  }

  expectKind(kind: Token['kind']): Token {
    const token = this.peek();
    if (token.kind !== kind) this.fail(token, `expected ${kind === 'eof' ? 'the end of the routes' : `a ${kind}`}, found ${describe(token)}`);
    return this.next();
  }

  private fail(token: Token, message: string): never {
    throw new NotationError(message, token.line, token.column);
  }
}

function describe(token: Token): string {
  if (token.kind === 'eof') return 'the end of the routes';
  if (token.kind === 'string') return `the string ${JSON.stringify(token.value)}`;
  return `"${token.value}"`;
}
