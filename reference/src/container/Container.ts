import { BindingResolutionError } from './BindingResolutionError';
import { isClass } from './isClass';
import type { AbstractClass, Class, Constructor, Factory, Key, Token } from './types';

type Lifetime = 'transient' | 'singleton' | 'scoped';

interface Binding {
  readonly factory: Factory<unknown>;
  readonly lifetime: Lifetime;
  /** Set when the binding is a class, so the router can inspect it before anything is built. */
  readonly concrete: Class | undefined;
}

type ResolvingCallback = (instance: unknown, container: Container) => void;

/**
 * Construction is synchronous, so one module-wide stack is enough to detect
 * dependency cycles across parent and child containers.
 */
const buildStack: unknown[] = [];

// Shared by every container that has not written to a table yet; never written to itself
// (deleting a key it does not hold changes nothing).
const EMPTY_MAP = new Map<never, never>() as Map<unknown, unknown>;

const NO_KEY: unknown = Symbol('no key');

/**
 * The instances a container owns. A request scope owns one (the Request), which needs no hash
 * table: a single entry is kept in two fields, and a Map is made for the second.
 */
class InstanceTable {
  private soleKey: unknown = NO_KEY;
  private soleValue: unknown = undefined;
  private map: Map<unknown, unknown> | null = null;

  has(key: unknown): boolean {
    return this.map === null ? this.soleKey === key : this.map.has(key);
  }

  get(key: unknown): unknown {
    if (this.map !== null) return this.map.get(key);
    return this.soleKey === key ? this.soleValue : undefined;
  }

  set(key: unknown, value: unknown): void {
    if (this.map !== null) {
      this.map.set(key, value);
    } else if (this.soleKey === NO_KEY || this.soleKey === key) {
      this.soleKey = key;
      this.soleValue = value;
    } else {
      this.map = new Map([[this.soleKey, this.soleValue], [key, value]]);
      this.soleKey = NO_KEY;
      this.soleValue = undefined;
    }
  }

  delete(key: unknown): void {
    if (this.map !== null) {
      this.map.delete(key);
    } else if (this.soleKey === key) {
      this.soleKey = NO_KEY;
      this.soleValue = undefined;
    }
  }
}

// Like EMPTY_MAP: holds nothing, and is replaced by a container's own table before any write.
const EMPTY_TABLE = new InstanceTable();
const EMPTY_CALLBACKS: Array<[AbstractClass, ResolvingCallback]> = [];

export function describeKey(key: unknown): string {
  if (typeof key === 'function') return key.name || '(anonymous class)';
  return String(key);
}

/**
 * Service container: bindings, singletons, instances, aliases and automatic
 * construction of classes that declare `static inject`.
 *
 * `scope()` creates a child container. The application opens one per request
 * and binds the current Request in it, so anything built during dispatch can
 * receive that request while singletons stay in the root.
 */
export class Container {
  // A request scope usually holds one instance (the Request) and nothing else, so the
  // tables start as shared empty ones and become the container's own on first write.
  private bindings: Map<unknown, Binding> = EMPTY_MAP as Map<unknown, Binding>;
  private instances: InstanceTable = EMPTY_TABLE;
  private aliases: Map<string | symbol, Key> = EMPTY_MAP as Map<string | symbol, Key>;
  private callbacks: Array<[AbstractClass, ResolvingCallback]> = EMPTY_CALLBACKS;

  constructor(readonly parent: Container | null = null) {}

  /** A new instance on every make(). `concrete` is a factory or a class; omitted, the key must be a class. */
  bind<T>(key: Key<T>, concrete?: Factory<T> | Class<T>): this {
    return this.register(key, concrete, 'transient');
  }

  /** One shared instance, created on first make() and owned by this container. */
  singleton<T>(key: Key<T>, concrete?: Factory<T> | Class<T>): this {
    return this.register(key, concrete, 'singleton');
  }

  /** One instance per scope (per request when made during dispatch). */
  scoped<T>(key: Key<T>, concrete?: Factory<T> | Class<T>): this {
    return this.register(key, concrete, 'scoped');
  }

  /** Binds an existing value. */
  instance<T>(key: Key<T>, value: T): T {
    this.forget(key);
    this.ownInstances().set(key, value);
    return value;
  }

  /** Makes `name` resolve to whatever `target` resolves to. */
  alias(name: string | symbol, target: Key): this {
    if (name === target) throw new BindingResolutionError(`[${describeKey(name)}] is aliased to itself.`);
    this.bindings.delete(name);
    this.instances.delete(name);
    if (this.aliases === EMPTY_MAP) this.aliases = new Map();
    this.aliases.set(name, target);
    return this;
  }

  /** Runs `callback` for every instance of `type` this container (or a child) builds. */
  resolving<T>(type: AbstractClass<T>, callback: (instance: T, container: Container) => void): this {
    if (this.callbacks === EMPTY_CALLBACKS) this.callbacks = [];
    this.callbacks.push([type, callback as ResolvingCallback]);
    return this;
  }

  /** Whether the key has a binding, an instance or an alias here or in a parent. */
  bound(key: Key): boolean {
    for (let c: Container | null = this; c !== null; c = c.parent) {
      if (c.instances.has(key) || c.bindings.has(key) || (isAliasKey(key) && c.aliases.has(key))) return true;
    }
    return false;
  }

  /** Whether make(key) can be expected to succeed: bound, or a class that can be built. */
  has(key: Key): boolean {
    return this.bound(key) || isClass(this.canonical(key));
  }

  make<T>(key: Constructor<T>): T;
  make<T>(key: Token<T>): T;
  make<T = unknown>(key: Key): T;
  make(key: Key): unknown {
    // Only names can be aliases: a class (every controller, most services) is its own canonical key.
    const canonical = isAliasKey(key) ? this.canonical(key) : key;
    if (canonical === Container) return this;
    for (let owner: Container | null = this; owner !== null; owner = owner.parent) {
      if (owner.instances.has(canonical)) return owner.instances.get(canonical);
      const binding = owner.bindings.get(canonical);
      if (binding !== undefined) return this.resolveBinding(owner, canonical, binding);
    }
    if (isClass(canonical)) return this.build(canonical as Class);
    const via = canonical === key ? '' : ` (via alias [${describeKey(key)}])`;
    throw new BindingResolutionError(`Target [${describeKey(canonical)}]${via} is not bound in the container.`);
  }

  /** Constructs a class, resolving the keys listed in its `static inject`. */
  build<T>(cls: Class<T>): T {
    if (buildStack.includes(cls)) {
      const cycle = [...buildStack.slice(buildStack.indexOf(cls)), cls].map(describeKey).join(' -> ');
      throw new BindingResolutionError(`Circular dependency while building [${describeKey(cls)}]: ${cycle}.`);
    }
    const keys = injectList(cls);
    buildStack.push(cls);
    try {
      let instance: T;
      // Zero or one dependency (most controllers and middleware): no argument list to fill and spread.
      if (keys.length === 0) instance = new cls();
      else if (keys.length === 1) instance = new cls(this.dependency(cls, keys, 0));
      else {
        const args = new Array<unknown>(keys.length);
        for (let position = 0; position < keys.length; position++) args[position] = this.dependency(cls, keys, position);
        instance = new cls(...args);
      }
      this.fireResolving(instance);
      return instance;
    } finally {
      buildStack.pop();
    }
  }

  /** The dependency `keys[position]` of `cls`, or an error naming both. */
  private dependency(cls: Class, keys: readonly Key[], position: number): unknown {
    const dependency = keys[position] as Key;
    try {
      return this.make(dependency);
    } catch (error) {
      if (error instanceof BindingResolutionError && error.message.startsWith('Circular')) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new BindingResolutionError(
        `Unresolvable dependency #${position} [${describeKey(dependency)}] of [${describeKey(cls)}]: ${reason}`,
      );
    }
  }

  /** The class `make(key)` would build, when that is known without building anything. */
  classFor(key: Key): Class | undefined {
    const canonical = this.canonical(key);
    for (let owner: Container | null = this; owner !== null; owner = owner.parent) {
      if (owner.instances.has(canonical)) {
        const value = owner.instances.get(canonical);
        return isClass(canonical) ? (canonical as Class) : ((value as object | null)?.constructor as Class | undefined);
      }
      const binding = owner.bindings.get(canonical);
      if (binding !== undefined) return binding.concrete;
    }
    return isClass(canonical) ? (canonical as Class) : undefined;
  }

  /** A child container: sees every binding of this one, keeps its own instances. */
  scope(): Container {
    return new Container(this);
  }

  private register<T>(key: Key<T>, concrete: Factory<T> | Class<T> | undefined, lifetime: Lifetime): this {
    const target = concrete ?? key;
    let binding: Binding;
    if (isClass(target)) {
      const cls = target as Class<T>;
      binding = { factory: (c) => c.build(cls), lifetime, concrete: cls };
    } else if (typeof target === 'function') {
      binding = { factory: target as Factory<T>, lifetime, concrete: undefined };
    } else {
      throw new BindingResolutionError(`Cannot bind [${describeKey(key)}]: give a class or a factory function.`);
    }
    this.forget(key);
    if (this.bindings === EMPTY_MAP) this.bindings = new Map();
    this.bindings.set(key, binding);
    return this;
  }

  private forget(key: Key): void {
    this.bindings.delete(key);
    this.instances.delete(key);
    if (isAliasKey(key)) this.aliases.delete(key);
  }

  private resolveBinding(owner: Container, key: unknown, binding: Binding): unknown {
    switch (binding.lifetime) {
      case 'transient':
        return binding.factory(this);
      case 'singleton': {
        // Built by the owner so a shared instance can never capture request-scoped state.
        const value = binding.factory(owner);
        owner.ownInstances().set(key, value);
        return value;
      }
      case 'scoped': {
        const value = binding.factory(this);
        this.ownInstances().set(key, value);
        return value;
      }
    }
  }

  private ownInstances(): InstanceTable {
    if (this.instances === EMPTY_TABLE) this.instances = new InstanceTable();
    return this.instances;
  }

  private canonical(key: Key): Key {
    let current = key;
    for (let hops = 0; hops < 64; hops++) {
      if (!isAliasKey(current)) return current;
      let next: Key | undefined;
      for (let c: Container | null = this; c !== null && next === undefined; c = c.parent) {
        // A binding or instance under the name itself wins over an alias further up.
        if (c.bindings.has(current) || c.instances.has(current)) return current;
        next = c.aliases.get(current);
      }
      if (next === undefined) return current;
      current = next;
    }
    throw new BindingResolutionError(`Alias cycle detected for [${describeKey(key)}].`);
  }

  private fireResolving(instance: unknown): void {
    for (let c: Container | null = this; c !== null; c = c.parent) {
      // Indexed, not destructured: this runs for every instance built, most requests build one.
      for (let i = 0; i < c.callbacks.length; i++) {
        const [type, callback] = c.callbacks[i] as [AbstractClass, ResolvingCallback];
        if (instance instanceof type) callback(instance, this);
      }
    }
  }
}

function isAliasKey(key: unknown): key is string | symbol {
  return typeof key === 'string' || typeof key === 'symbol';
}

const NO_KEYS: readonly Key[] = Object.freeze([]);

/**
 * Each class with the `static inject` value it was last checked with (NO_KEYS for none): the checks
 * read the class's `length`, a native accessor that costs more than building a small controller.
 */
const checkedInject = new WeakMap<Class, unknown>();

function injectList(cls: Class): readonly Key[] {
  const declared: unknown = (cls as { inject?: unknown }).inject;
  const keys = declared ?? NO_KEYS;
  if (checkedInject.get(cls) === keys) return keys as readonly Key[];
  checkInjectList(cls, declared);
  checkedInject.set(cls, keys);
  return keys as readonly Key[];
}

function checkInjectList(cls: Class, declared: unknown): void {
  if (declared === undefined) {
    if (cls.length > 0) {
      throw new BindingResolutionError(
        `Cannot build [${describeKey(cls)}]: its constructor takes ${cls.length} parameter(s) but the class declares no static inject.`,
      );
    }
    return;
  }
  if (!Array.isArray(declared)) {
    throw new BindingResolutionError(`Cannot build [${describeKey(cls)}]: static inject must be an array of keys.`);
  }
  if (cls.length > declared.length) {
    throw new BindingResolutionError(
      `Cannot build [${describeKey(cls)}]: its constructor takes ${cls.length} parameter(s) but static inject lists ${declared.length}.`,
    );
  }
}
