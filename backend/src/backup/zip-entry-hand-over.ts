import type { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';

/** The part of yazl's entry this file lets go of (yazl 3: `entries`, `doFileDataPump`). */
interface PumpedEntry {
  doFileDataPump?: unknown;
}

/**
 * Adds an entry yazl reads from `stream`; the function returned lets go of it once the stream ended, since
 * yazl keeps every entry (and the closures holding its stream) to the end of the archive. Where yazl has
 * no such field, nothing is dropped.
 */
export function addStreamEntry(
  zip: ZipFile,
  name: string,
  options: { compress: boolean; mtime: Date },
  stream: Readable,
): () => void {
  let held: Readable | undefined = stream;
  zip.addReadStreamLazy(name, options, (give) => {
    const taken = held!;
    held = undefined;
    give(null, taken);
  });
  const entries = (zip as unknown as { entries?: PumpedEntry[] }).entries;
  const entry = entries?.[entries.length - 1];
  return () => {
    if (entry && typeof entry.doFileDataPump === 'function' && held === undefined) {
      entry.doFileDataPump = undefined;
    }
  };
}
