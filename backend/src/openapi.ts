import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { SESSION_COOKIE } from './auth/admin-only.decorator.js';

/**
 * The app's OpenAPI document: served by `setupSwagger` and written to contract/openapi.json by
 * openapi/write-document.ts, so the frontends' generated types describe exactly what is served.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('ATM Gunsmith Directory API')
      .setDescription(
        'Public directory of certified gunsmiths and its administrator back office. Admin routes need the ' +
          `session cookie \`${SESSION_COOKIE}\` set by POST /api/auth/login. Errors are JSON ` +
          '`{ statusCode, message, error }`. State-changing requests from another origin are refused (403).',
      )
      .setVersion('1.0')
      .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_COOKIE)
      .build(),
    { operationIdFactory: (_controller, method) => method },
  );
}

/** Swagger UI at /api/docs and the OpenAPI JSON at /api/docs-json. */
export function setupSwagger(app: INestApplication): void {
  const document = createOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    useGlobalPrefix: false,
  });
}
