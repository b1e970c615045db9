import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { sameOriginOnly } from './same-origin.middleware.js';

function run(method: string, headers: Record<string, string>, allowed: string[] = []) {
  const lower = Object.fromEntries(
    Object.entries({ host: 'directory.example', ...headers }).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const request = { method, get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
  let status: number | undefined;
  const response = {
    status: (code: number) => ((status = code), { json: () => undefined }),
  } as unknown as Response;
  let passed = false;
  sameOriginOnly(allowed)(request, response, () => (passed = true));
  return passed ? 'passed' : status;
}

describe('sameOriginOnly', () => {
  it('lets safe methods through whatever their origin', () => {
    expect(run('GET', { origin: 'https://evil.example' })).toBe('passed');
  });

  it('lets same-origin and configured origins through', () => {
    expect(run('POST', { origin: 'https://directory.example' })).toBe('passed');
    expect(run('POST', { referer: 'https://directory.example/admin/login' })).toBe('passed');
    expect(run('PUT', { origin: 'http://localhost:3001' }, ['http://localhost:3001'])).toBe('passed');
  });

  it('lets clients without any browser header through (curl, server-to-server)', () => {
    expect(run('POST', {})).toBe('passed');
  });

  it('refuses foreign, null and cross-site requests with 403', () => {
    expect(run('POST', { origin: 'https://evil.example' })).toBe(403);
    expect(run('DELETE', { origin: 'null' })).toBe(403);
    expect(run('POST', { referer: 'https://directory.example.evil.example/' })).toBe(403);
    expect(run('POST', { origin: 'https://directory.example', 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(run('POST', { origin: 'not a url' })).toBe(403);
  });
});
