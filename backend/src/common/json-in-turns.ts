import { jsonInSlices } from './encoded-document.js';

/**
 * JSON.stringify for a document with one long list, as UTF-8 bytes: the rest of the document in
 * one call, the list by jsonInSlices (a slice of items per turn of the event loop). Express's
 * JSON.stringify of an import's answer (10,000 row reports) held the loop about 40 ms in one
 * piece. The list is written last: the bytes are JSON.stringify's when it is the last key.
 */
export async function stringifyJsonInTurns<K extends string>(
  document: { [key in K]: readonly unknown[] },
  listKey: K,
): Promise<Buffer> {
  const { [listKey]: list, ...rest } = document;
  const head = JSON.stringify(rest);
  const opening = `${head === '{}' ? '{' : `${head.slice(0, -1)},`}${JSON.stringify(listKey)}:`;
  return Buffer.concat([Buffer.from(opening), await jsonInSlices(list), Buffer.from('}')]);
}
