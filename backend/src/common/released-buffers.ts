/**
 * Frees now the memory of each piece spanning its whole buffer (nothing else shares it); returns
 * the bytes freed. V8 collects request-body pieces only every 64 MB or so, and uploads left tens of
 * MB waiting that glibc's heap then kept (bench/FINDINGS.md, round 17).
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
