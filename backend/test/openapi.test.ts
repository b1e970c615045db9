import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import request from 'supertest';
import { operationsOf } from '../src/openapi.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponseDto' };
/** Health's and readiness's 503 is their status report (HealthDto, ReadinessDto), not an error body. */
const STATUS_REPORTS = new Set(['getHealth 503', 'getReady 503']);

const isError = (status: string) => Number(status) >= 400;
const takesInput = (operation: OperationObject) =>
  (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;

describe('the OpenAPI document at /api/docs-json', () => {
  let server: Started;
  let operations: OperationObject[];
  beforeAll(async () => {
    server = await startAppOnFreshDatabase(ANY_DIALECT[0]);
    const document = (await request(server.url).get('/api/docs-json').expect(200)).body as OpenAPIObject;
    operations = operationsOf(document).map(([, operation]) => operation);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every documented error with the error schema', () => {
    const errors = operations.flatMap((operation) =>
      Object.entries(operation.responses)
        .filter(([status]) => isError(status) && !STATUS_REPORTS.has(`${operation.operationId} ${status}`))
        .map(([status, response]) => ({
          error: `${operation.operationId} ${status}`,
          schema: (response as ResponseObject).content?.['application/json']?.schema,
        })),
    );
    expect(errors.length).toBeGreaterThan(operations.length);
    expect(errors.filter(({ schema }) => JSON.stringify(schema) !== JSON.stringify(ERROR_SCHEMA))).toEqual(
      [],
    );
  });

  // Redocly's operation-4xx-response is off (redocly.yaml) for the catalogue and health reads,
  // which take nothing a client could get wrong; everything else must say how it fails.
  it('documents a client error for every operation with a parameter, a body or a session', () => {
    const silent = operations
      .filter((operation) => takesInput(operation) || (operation.security?.length ?? 0) > 0)
      .filter((operation) => !Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status)))
      .map((operation) => operation.operationId);
    expect(silent).toEqual([]);
  });

  it('says on every operation whether it needs the admin session, and 401 where it must have one', () => {
    expect(operations.filter((operation) => operation.security === undefined)).toEqual([]);
    const needsSession = (operation: OperationObject) =>
      operation.security!.length > 0 &&
      operation.security!.every((requirement) => Object.keys(requirement).length > 0);
    expect(
      operations
        .filter((operation) => needsSession(operation) && !('401' in operation.responses))
        .map((operation) => operation.operationId),
    ).toEqual([]);
  });
});
