const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;

/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(value: unknown): string {
  const text = String(value);
  // Most text has nothing to escape: a plain test is about a third of a replace with a callback.
  if (!SPECIAL.test(text)) return text;
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
