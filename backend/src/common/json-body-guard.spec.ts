import { describe, expect, it } from '@jest/globals';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { guardJsonBody, MAX_JSON_DEPTH } from './json-body-guard.js';

const check =
  (json: string | Buffer, contentType = 'application/json') =>
  () =>
    guardJsonBody(
      { headers: { 'content-type': contentType } } as IncomingMessage,
      {} as ServerResponse,
      Buffer.from(json),
    );

describe('guardJsonBody', () => {
  it('accepts ordinary bodies, including keys and strings that only look dangerous', () => {
    expect(
      check('{"name":"__proto__","description":"constructor: {[[[ ]]]}","categories":["a"]}'),
    ).not.toThrow();
    expect(check(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).not.toThrow();
    expect(check('{"a\\"b":1}')).not.toThrow();
  });

  it('refuses nesting deeper than the limit', () => {
    expect(check(`{"a":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`)).toThrow(
      'entity.too.deep',
    );
  });

  it.each([
    '{"__proto__":{"x":1}}',
    '{ "constructor" : {"prototype":{}}}',
    '{"a":{"prototype":1}}',
    '{"\\u005f_proto__":{}}',
  ])('refuses the prototype key in %s', (json) => expect(check(json)).toThrow('entity.forbidden.key'));

  it('refuses bytes that are not UTF-8 unless another charset is declared', () => {
    const latin1 = Buffer.from('{"name":"Armer\xeda"}', 'latin1');
    expect(check(latin1)).toThrow('entity.not.utf8');
    expect(check(latin1, 'application/json; charset=UTF-8')).toThrow('entity.not.utf8');
    expect(check(Buffer.from([0x7b, 0x22, 0xc3, 0x22, 0x7d]))).toThrow('entity.not.utf8');
    expect(check('{"name":"Armería 🔫"}')).not.toThrow();
    expect(check(Buffer.from('{"a":1}', 'utf16le'), 'application/json; charset=utf-16le')).not.toThrow();
  });
});
