/**
 * Writes the OpenAPI document of /api/docs-json to a file, without a server, from the backend's
 * build (the Swagger plugin adds the DTOs' schemas at compile time), on a throwaway SQLite folder
 * so the document never depends on the caller's environment. Run by contract/scripts/contract.mjs.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../backend/dist/app.module.js';
import { configureApp } from '../backend/dist/app.setup.js';
import { loadConfig } from '../backend/dist/config/app.config.js';
import { createOpenApiDocument } from '../backend/dist/openapi.js';

/** @param {string} outFile */
async function writeDocument(outFile) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atm-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      SESSION_SECRET: randomBytes(32).toString('hex'),
    });
    const app = await NestFactory.create(AppModule.forRoot(config), { bodyParser: false, logger: ['error'] });
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
  console.error('Usage: node tools/write-openapi.mjs <out.json> (after npm run build -w backend)');
  process.exit(2);
}
await writeDocument(resolve(outFile));
