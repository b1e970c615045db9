import { describe, expect, it } from '@jest/globals';
import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError, type FieldError } from './api-error.js';
import { HttpExceptionFilter } from './http-exception.filter.js';

const filter = new HttpExceptionFilter();
const request = { method: 'GET', path: '/api/x' } as Request;
// The filter logs unexpected errors; keep the test output quiet.
(filter as unknown as { logger: { error(): void; warn(): void } }).logger = { error() {}, warn() {} };

describe('HttpExceptionFilter', () => {
  it('keeps the code and message of known errors', () => {
    expect(filter.toBody(new ApiError(404, 'SHOP_NOT_FOUND', 'Shop not found'), request)).toEqual({
      statusCode: 404,
      code: 'SHOP_NOT_FOUND',
      message: 'Shop not found',
      error: 'Not Found',
    });
  });

  it("gives an error without a listed code its status's code (e.g. Nest's 404 for an unknown route)", () => {
    expect(filter.toBody(new NotFoundException('Cannot GET /api/nope'), request).code).toBe('NOT_FOUND');
    expect(filter.toBody(new BadRequestException({ message: 'x', code: 'MADE_UP' }), request).code).toBe(
      'BAD_REQUEST',
    );
    expect(filter.toBody(new HttpException('Gone', 410), request).code).toBe('BAD_REQUEST');
  });

  it('keeps field errors of validation failures, with their codes and params', () => {
    const errors: FieldError[] = [
      { field: 'name', code: 'REQUIRED', message: 'Name is required' },
      {
        field: 'city',
        code: 'TOO_LONG',
        message: 'City must be at most 100 characters',
        params: { max: 100 },
      },
    ];
    const body = filter.toBody(
      new ApiError(400, 'VALIDATION_FAILED', 'Name is required', {
        errors,
      }),
      request,
    );
    expect(body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Name is required',
      error: 'Bad Request',
      errors,
    });
  });

  it('replaces the raw text of body-parser errors', () => {
    const cause = Object.assign(new SyntaxError('Unexpected token s in JSON at position 3'), {
      type: 'entity.parse.failed',
    });
    const body = filter.toBody(
      new HttpException('Unexpected token s in JSON at position 3', 400, { cause }),
      request,
    );
    expect(body).toMatchObject({ code: 'INVALID_BODY', message: 'The request body is not valid JSON' });
  });

  it('never leaks the text of unexpected errors (SQL, stack traces)', () => {
    const body = filter.toBody(
      new Error("ER_PARSE_ERROR: You have an error in your SQL syntax near 'DROP'"),
      request,
    );
    expect(body).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
      error: 'Internal Server Error',
    });
  });

  it('answers 503 when the database cannot be reached', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    expect(filter.toBody(error, request)).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});
