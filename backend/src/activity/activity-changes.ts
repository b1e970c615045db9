/** Old and new value of one changed field, as the log keeps it. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** Longer texts are cut (with '…'): the log says what changed without copying whole descriptions. */
export const MAX_LOGGED_TEXT = 300;

function logged(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && value.length > MAX_LOGGED_TEXT)
    return `${value.slice(0, MAX_LOGGED_TEXT)}…`;
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `after` whose value differs from `before`, with both values (`{ field: { from, to } }`). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: Iterable<string>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    if (!same(before[field], after[field])) {
      changes[field] = { from: logged(before[field]), to: logged(after[field]) };
    }
  }
  return changes;
}
