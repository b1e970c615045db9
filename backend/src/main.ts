import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AdminUsersService } from './admin-users/admin-users.service.js';
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
  if (config.env === 'production' && !config.publicUrl) {
    Logger.warn(
      "PUBLIC_URL is not set: canonical links, the sitemap and link previews use each request's own host. Set it to the site's address, e.g. https://armeros.example.mx",
      'Bootstrap',
    );
  }
  app.enableShutdownHooks();
  await (config.host ? app.listen(config.port, config.host) : app.listen(config.port));
  const url = `http://localhost:${config.port}`;
  Logger.log(`Open ${url} (admin: ${url}/admin, API docs: ${url}/api/docs)`, 'Bootstrap');
  if ((await app.get(AdminUsersService).count()) === 0) {
    Logger.log(
      `No administrator yet: open ${url}/admin/login and choose "Create Admin Account".`,
      'Bootstrap',
    );
  }
}

void bootstrap();
