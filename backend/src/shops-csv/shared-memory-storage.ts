import type { StorageEngine } from 'multer';

/** Room is added a megabyte at a time at least, not for every piece. */
const STEP = 1024 * 1024;

/** Copies an upload piece by piece into shared memory the CSV worker reads (multer's joins at the end). */
export function sharedMemoryStorage(maxBytes: number): StorageEngine {
  return {
    _handleFile(_request, file, callback) {
      const memory = new SharedArrayBuffer(0, { maxByteLength: maxBytes });
      let size = 0;
      file.stream.on('data', (piece: Buffer) => {
        const end = size + piece.length;
        if (end > maxBytes) return; // over multer's limit: it refuses the file itself
        if (end > memory.byteLength) memory.grow(Math.min(maxBytes, Math.max(end, memory.byteLength + STEP)));
        new Uint8Array(memory, size, piece.length).set(piece);
        size = end;
      });
      file.stream.once('error', (error: Error) => callback(error));
      file.stream.once('end', () => callback(null, { buffer: Buffer.from(memory, 0, size), size }));
    },
    _removeFile(_request, _file, callback) {
      callback(null);
    },
  };
}
