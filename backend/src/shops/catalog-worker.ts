import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Piscina } from 'piscina';
import { backgroundPool } from '../common/background-pool.js';
import type { EncodedDocument } from '../common/encoded-document.js';
import type { ArrangedCatalog, CatalogTask } from './catalog.worker.js';

/** The thread doing the catalogue's work that grows with the shops (catalog.worker.ts); it holds the versions. */
@Injectable()
export class CatalogWorker implements OnModuleDestroy {
  private pool?: Piscina<CatalogTask, unknown>;

  /** The order and the dropdowns' lists of the shops read for `version`, each page as JSON. */
  arrange(version: number, pages: readonly string[]): Promise<ArrangedCatalog> {
    return this.run({ kind: 'arrange', version, pages }) as Promise<ArrangedCatalog>;
  }

  /** The positions, in the directory's order, of the shops of `version` that hold every word; null: not held here. */
  search(version: number, words: readonly string[]): Promise<Int32Array | null> {
    return this.run({ kind: 'search', version, words }) as Promise<Int32Array | null>;
  }

  /** Every shop of `version` as one JSON document, compressed only; null: not held here. */
  encodeList(version: number): Promise<EncodedDocument | null> {
    return this.run({ kind: 'encodeList', version }) as Promise<EncodedDocument | null>;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  private run(task: CatalogTask): Promise<unknown> {
    // Searches run while the whole list is compressed (in zlib's threads).
    this.pool ??= backgroundPool('shops/catalog.worker.js', { kept: true, concurrentTasks: 4 });
    return this.pool.run(task);
  }
}
