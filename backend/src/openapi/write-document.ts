/**
 * Writes the OpenAPI document of /api/docs-json to a file, without a server, from the build (the
 * Swagger plugin adds the DTOs' schemas at compile time), on a throwaway SQLite folder so the
 * document never depends on the caller's environment.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module.js';
import { configureApp } from '../app.setup.js';
import { loadConfig } from '../config/app.config.js';
import { createOpenApiDocument } from '../openapi.js';

async function writeDocument(outFile: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atm-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      SESSION_SECRET: randomBytes(32).toString('hex'),
    });
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
      bodyParser: false,
      logger: ['error'],
    });
    try {
      // The same set-up as main.ts (global prefix, excluded routes), so the paths match.
      configureApp(app, config);
      writeFileSync(outFile, `${JSON.stringify(createOpenApiDocument(app), null, 2)}\n`);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const [outFile] = process.argv.slice(2);
if (!outFile) {
  console.error('Usage: node backend/dist/openapi/write-document.js <out.json>');
  process.exit(2);
}
await writeDocument(resolve(outFile));
