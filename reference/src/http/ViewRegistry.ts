export type ViewData = Readonly<Record<string, unknown>>;
/** Renders a view synchronously to HTML. */
export type ViewRenderer = (data: ViewData) => string;

export class ViewNotFoundError extends Error {
  override name = 'ViewNotFoundError';
}

/** The views an application configures: name → render function. */
export class ViewRegistry {
  private readonly views = new Map<string, ViewRenderer>();

  register(name: string, renderer: ViewRenderer): this {
    this.views.set(name, renderer);
    return this;
  }

  has(name: string): boolean {
    return this.views.has(name);
  }

  render(name: string, data: ViewData = {}): string {
    const view = this.views.get(name);
    if (view === undefined) throw new ViewNotFoundError(`View [${name}] not found.`);
    return view(data);
  }
}
