/** The latest build for a data version: rebuilt when it moves, one rebuild shared by concurrent callers. */
export class VersionedCache<T> {
  private current?: { version: number; value: T };
  private pending?: { version: number; promise: Promise<T> };

  constructor(private readonly build: (version: number) => Promise<T>) {}

  /** The build for `version` if it is ready, without a promise (the hot path of every read). */
  peek(version: number): T | undefined {
    return this.current?.version === version ? this.current.value : undefined;
  }

  async get(version: number): Promise<T> {
    if (this.current?.version === version) return this.current.value;
    if (this.pending?.version === version) return this.pending.promise;
    const promise = this.build(version).then((value) => {
      if (!this.current || this.current.version <= version) this.current = { version, value };
      return value;
    });
    const pending = { version, promise };
    this.pending = pending;
    promise
      .finally(() => {
        if (this.pending === pending) this.pending = undefined;
      })
      .catch(() => undefined);
    return promise;
  }
}
