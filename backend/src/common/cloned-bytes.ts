/**
 * A Buffer over bytes that crossed a worker thread's boundary: structured cloning turns a Buffer
 * into a plain Uint8Array. A view, not a copy.
 */
export const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
