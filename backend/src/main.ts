import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { ConfigError, loadConfig } from './config/app.config.js';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
  });
  configureApp(app, config);
  app.enableShutdownHooks();
  await app.listen(config.port);
  const url = `http://localhost:${config.port}`;
  Logger.log(`Serving on ${url} (API docs: ${url}/api/docs)`, 'Bootstrap');
}

void bootstrap();
