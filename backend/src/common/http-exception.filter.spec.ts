import { describe, expect, it } from '@jest/globals';
import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { HttpExceptionFilter } from './http-exception.filter.js';

const filter = new HttpExceptionFilter();
const request = { method: 'GET', path: '/api/x' } as Request;
// The filter logs unexpected errors; keep the test output quiet.
(filter as unknown as { logger: { error(): void; warn(): void } }).logger = { error() {}, warn() {} };

describe('HttpExceptionFilter', () => {
  it('keeps the message of known errors', () => {
    expect(filter.toBody(new NotFoundException('Shop not found'), request)).toEqual({
      statusCode: 404,
      message: 'Shop not found',
      error: 'Not Found',
    });
  });

  it('keeps field errors of validation failures', () => {
    const body = filter.toBody(
      new BadRequestException({
        message: 'Name is required',
        errors: [{ field: 'name', message: 'Name is required' }],
      }),
      request,
    );
    expect(body).toEqual({
      statusCode: 400,
      message: 'Name is required',
      error: 'Bad Request',
      errors: [{ field: 'name', message: 'Name is required' }],
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
    expect(body.message).toBe('The request body is not valid JSON');
  });

  it('never leaks the text of unexpected errors (SQL, stack traces)', () => {
    const body = filter.toBody(
      new Error("ER_PARSE_ERROR: You have an error in your SQL syntax near 'DROP'"),
      request,
    );
    expect(body).toEqual({
      statusCode: 500,
      message: 'Something went wrong on our side. Please try again.',
      error: 'Internal Server Error',
    });
  });

  it('answers 503 when the database cannot be reached', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    expect(filter.toBody(error, request).statusCode).toBe(503);
  });
});
