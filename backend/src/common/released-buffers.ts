/**
 * Frees now each piece spanning its whole buffer (nothing else shares it); answers the bytes freed. V8
 * collects request-body pieces only now and then, and glibc's heap keeps the room they held meanwhile.
 */
export function releaseWholeBuffers(pieces: readonly Buffer[]): number {
  let released = 0;
  for (const piece of pieces) {
    const buffer = piece.buffer as ArrayBuffer;
    if (piece.byteOffset === 0 && piece.length === buffer.byteLength && !buffer.detached) {
      released += piece.length;
      buffer.transfer(0);
    }
  }
  return released;
}
