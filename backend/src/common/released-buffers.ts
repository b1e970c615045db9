/** ES2024's `transfer` and `detached`, which the project's ES2023 library does not declare. */
type Transferable = ArrayBuffer & { transfer(newLength: number): ArrayBuffer; readonly detached: boolean };

/**
 * Gives back at once the memory of each piece that spans its whole buffer, for a caller done with
 * them; returns the bytes given back.
 *
 * Node copies every piece of a request body into a buffer of its own (up to 64 KB), which lives
 * until V8's next collection, and V8 collects for such buffers only every 64 MB or so: uploads
 * left tens of MB of read pieces waiting, and glibc's heap kept the room they took afterwards
 * (bench/FINDINGS.md, round 17). Detaching a buffer frees its memory now, for the next piece.
 *
 * Only a piece that spans its whole buffer is detached: such a buffer holds nothing else. Slices
 * of a larger buffer, and Buffer's shared pool (pieces of half its size at most), are left alone.
 */
export function releaseWholeBuffers(pieces: readonly Buffer[]): number {
  let released = 0;
  for (const piece of pieces) {
    const buffer = piece.buffer as Transferable;
    if (piece.byteOffset === 0 && piece.length === buffer.byteLength && !buffer.detached) {
      released += piece.length;
      buffer.transfer(0);
    }
  }
  return released;
}
