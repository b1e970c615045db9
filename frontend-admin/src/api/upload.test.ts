import { checkImageFile, objectPathFromUploadUrl } from './upload';

describe('objectPathFromUploadUrl', () => {
  it('keeps the path from /uploads/<uuid> on, under /objects, without the query string', () => {
    expect(
      objectPathFromUploadUrl(
        'http://localhost:3000/api/uploads/0b6f3f4e-3c1a-4d2b-9a7e-1f2e3d4c5b6a?expires=1&signature=abc',
      ),
    ).toBe('/objects/uploads/0b6f3f4e-3c1a-4d2b-9a7e-1f2e3d4c5b6a');
  });

  it('works for an S3 presigned URL with a bucket in the path', () => {
    expect(
      objectPathFromUploadUrl(
        'https://s3.example.com/atm-images/uploads/0b6f3f4e-3c1a-4d2b-9a7e-1f2e3d4c5b6a?X-Amz-Signature=z',
      ),
    ).toBe('/objects/uploads/0b6f3f4e-3c1a-4d2b-9a7e-1f2e3d4c5b6a');
  });

  it('refuses a URL without an uploads path', () => {
    expect(() => objectPathFromUploadUrl('https://evil.example.com/elsewhere?x=1')).toThrow();
  });
});

describe('checkImageFile', () => {
  it('accepts PNG, JPEG, GIF and WebP up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
      expect(checkImageFile({ type, size: 5 * 1024 * 1024 })).toBeNull();
  });
  it('refuses other types and bigger files', () => {
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(checkImageFile({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('size');
  });
});
