// archiver 8 ships no type declarations; this is the part the backup module uses.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  export interface EntryData {
    name: string;
    date?: Date;
    store?: boolean;
  }

  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; store?: boolean });
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    pointer(): number;
    abort(): this;
  }
}
