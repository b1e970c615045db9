/** Items of a list in one piece of the document: a few hundred KB, not one piece per shop. */
const ITEMS_PER_PIECE = 250;

/** A value as JSON.stringify(value, null, 2) writes it `depth` levels down (in a list: null for undefined). */
const indented = (value: unknown, depth: number): string =>
  (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${'  '.repeat(depth)}`);

/**
 * The pieces of JSON.stringify(document, null, 2), the same bytes, each long list written a few
 * hundred items a piece. At 10,000 shops the document is about 11 MB: built in one piece it was
 * a string and a buffer of that size, garbage once sent.
 */
export function* dataBackupJson(
  head: Record<string, unknown>,
  lists: Record<string, readonly unknown[]>,
): Generator<string> {
  // Whether a field has been written, so the next one follows a comma.
  let written = Object.keys(head).length > 0;
  // The head's own fields, without its closing brace.
  yield written ? indented(head, 0).slice(0, -2) : '{';
  for (const [name, items] of Object.entries(lists)) {
    const key = `${written ? ',' : ''}\n  ${JSON.stringify(name)}: `;
    written = true;
    if (!items.length) {
      yield `${key}[]`;
      continue;
    }
    yield `${key}[`;
    for (let start = 0; start < items.length; start += ITEMS_PER_PIECE) {
      yield items
        .slice(start, start + ITEMS_PER_PIECE)
        .map((item, index) => `${start + index ? ',' : ''}\n    ${indented(item, 2)}`)
        .join('');
    }
    yield '\n  ]';
  }
  yield written ? '\n}' : '}';
}
