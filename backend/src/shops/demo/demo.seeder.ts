import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InjectDataSource } from '@nestjs/typeorm';
import { OBJECTS_PATH_PREFIX } from 'contract';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../common/database-errors.js';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { backendDir } from '../../config/backend-dir.js';
import { SystemFlag } from '../../database/database.entity.js';
import { ObjectExistsError, ObjectStorage } from '../../uploads/object-storage.js';
import { SERVER_ACTOR } from '../../activity/activity-actor.js';
import { Shop } from '../shop.entity.js';
import { ShopWriter } from '../shop-writer.js';
import { DEMO_SHOPS } from './demo-shops.js';

const SEEDED_FLAG = 'demo-seeded';
/** A fixed key, so every demo shop shares one stored map picture. */
const DEMO_MAP_KEY = 'uploads/00000000-0000-4000-8000-00000000d0e0';
/** A stylised street map, copied into the build by nest-cli.json's assets. */
const demoMapPng = () => readFileSync(join(backendDir(), 'dist/shops/demo/demo-map.png'));

/** Fills a new installation with the demo directory once (the flag is claimed in the same transaction). */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeeder');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: ShopWriter,
    private readonly storage: ObjectStorage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemoData) return;
    if (await this.dataSource.getRepository(SystemFlag).existsBy({ name: SEEDED_FLAG })) return;
    if ((await this.dataSource.getRepository(Shop).count()) > 0) return;
    try {
      if (!(await this.storage.stat(DEMO_MAP_KEY)))
        await this.storage.put(DEMO_MAP_KEY, demoMapPng(), 'image/png').catch((error: unknown) => {
          // Another instance stored the same picture at the same moment.
          if (!(error instanceof ObjectExistsError)) throw error;
        });
      await this.writer.write(SERVER_ACTOR, { via: 'seed' }, async (writes, manager) => {
        await manager.insert(SystemFlag, { name: SEEDED_FLAG });
        for (const demo of DEMO_SHOPS) {
          await writes.create({
            ...demo,
            mapImageUrl: `${OBJECTS_PATH_PREFIX}${DEMO_MAP_KEY}`,
            googleMapsUrl: `https://www.google.com/maps/search/?api=1&query=${demo.latitude},${demo.longitude}`,
          });
        }
      });
      this.logger.log(`Seeded the demo directory with ${DEMO_SHOPS.length} shops`);
    } catch (error) {
      if (isUniqueViolation(error)) return; // another instance seeded it at the same moment
      throw error;
    }
  }
}
