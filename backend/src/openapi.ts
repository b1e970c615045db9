import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type RequestBodyObject,
  type ResponseObject,
} from '@nestjs/swagger';
import { SESSION_COOKIE } from './auth/admin-only.decorator.js';
import { ERROR_DESCRIPTIONS, type ErrorStatus } from './common/route-decorators.js';
import { ErrorResponseDto } from './common/error-response.dto.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
/** Methods that sameOriginOnly lets through from any site (same-origin.middleware.ts). */
const SAFE_METHODS = new Set(['get', 'head', 'options']);
const ERROR_SCHEMA = { $ref: `#/components/schemas/${ErrorResponseDto.name}` };

/** The OpenAPI document; what the global layers (app.setup.ts) add to every route is documented here. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('ATM Gunsmith Directory API')
    .setDescription(
      'Public directory of certified gunsmiths and its administrator back office. Admin routes need the ' +
        `session cookie \`${SESSION_COOKIE}\` set by POST /api/auth/login. Errors are JSON ` +
        '`{ statusCode, message, error }`. State-changing requests from another origin are refused (403).',
    )
    .setVersion('1.0')
    // Paths are absolute (/api/..., /objects/...): the server is wherever the document came from.
    .addServer('/')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_COOKIE)
    .build();
  // Not open source (package.json says UNLICENSED), and there is no licence text to link to.
  config.info.license = { name: 'Proprietary' };
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controller, method) => method,
  });
  for (const [method, operation] of operationsOf(document)) documentGlobalLayers(method, operation);
  return document;
}

/** Swagger UI at /api/docs, the JSON at /api/docs-json; built on first request so it never slows a start. */
export function setupSwagger(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    useGlobalPrefix: false,
  });
}

/** Every operation of the document with its HTTP method. */
export function operationsOf(document: OpenAPIObject): [string, OperationObject][] {
  return Object.values(document.paths).flatMap((item) =>
    METHODS.flatMap((method) => (item[method] ? [[method, item[method]] as [string, OperationObject]] : [])),
  );
}

function documentGlobalLayers(method: string, operation: OperationObject): void {
  // Only @AdminOnly (and create-admin's optional session) name a security scheme: the rest is public.
  operation.security ??= [];
  // HttpExceptionFilter answers anything unexpected with a generic 500.
  addError(operation, 500);
  // sameOriginOnly refuses state-changing requests sent by another site's page.
  if (!SAFE_METHODS.has(method)) addError(operation, 403, 'the request came from another site');
  // express.json with guardJsonBody: malformed or hostile JSON is a 400, over JSON_BODY_LIMIT a
  // 413, an unknown charset or Content-Encoding a 415.
  if ((operation.requestBody as RequestBodyObject | undefined)?.content['application/json']) {
    addError(operation, 400);
    addError(operation, 413, 'the JSON body is over 1 MB');
    addError(operation, 415, "the JSON body's charset or content encoding is not supported");
  }
}

/** Documents `status` unless the operation does; a `cause` its wording lacks is appended. */
function addError(operation: OperationObject, status: ErrorStatus, cause?: string): void {
  const existing = operation.responses[status] as ResponseObject | undefined;
  if (!existing) {
    const description = cause ? `${cause[0].toUpperCase()}${cause.slice(1)}` : ERROR_DESCRIPTIONS[status];
    operation.responses[status] = { description, content: { 'application/json': { schema: ERROR_SCHEMA } } };
  } else if (cause && !existing.description.includes(cause)) {
    existing.description = `${existing.description}; or ${cause}`;
  }
}
