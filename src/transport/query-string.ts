/**
 * Query parameters as the server expects them: arrays repeated, objects JSON-encoded, undefined and
 * null left out (the same rule the multipart question upload uses,
 * docs/product-rules.md#call-conventions).
 */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      params.append(name, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Fills `{name}` segments of a contract path from the given parameters. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
