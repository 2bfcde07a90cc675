/**
 * Bound parameters of a query built clause by clause: `add(value)` returns its placeholder, so
 * caller text is never spliced into SQL and the numbering cannot drift.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
