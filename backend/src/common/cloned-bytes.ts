/** A Buffer view (not a copy) of bytes from a worker: structured cloning turns a Buffer into a Uint8Array. */
export const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
