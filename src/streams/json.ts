/**
 * Converts anything an actor may receive into plain JSON, as JSON.stringify would, with two
 * differences that matter for an event log:
 * - Errors keep their message and own fields (JSON.stringify turns an Error into `{}`), so a
 *   replayed `xstate.error.actor.*` event carries the same message and code the live one did;
 * - cycles become the string '[circular]' instead of throwing.
 */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export function toJsonValue(value: unknown): JsonValue {
  return convert(value, []) ?? null;
}

function convert(value: unknown, ancestors: object[]): JsonValue | undefined {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  const object = value as object;
  if (ancestors.includes(object)) return '[circular]';
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return convert(toJSON.call(object), ancestors);
  const inner = [...ancestors, object];
  if (Array.isArray(object)) return object.map((item) => convert(item, inner) ?? null);
  const result: { [key: string]: JsonValue } = {};
  if (object instanceof Error) {
    result.name = object.name;
    result.message = object.message;
  }
  for (const [key, item] of Object.entries(object)) {
    const converted = convert(item, inner);
    if (converted !== undefined) result[key] = converted;
  }
  return result;
}
