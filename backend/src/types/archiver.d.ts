// archiver 8 ships no type declarations; this is the part the backup specs use.
declare module 'archiver' {
  import type { Transform } from 'node:stream';

  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number } });
    append(source: Buffer | string, data: { name: string }): this;
    finalize(): Promise<void>;
  }
}
