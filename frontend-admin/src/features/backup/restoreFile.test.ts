import { checkRestoreFile, formatLimit } from './restoreFile';
import { fileNameFromDisposition } from './download';

describe('restore file check', () => {
  const MB = 1024 * 1024;
  it('accepts a .zip of at most 100MB', () => {
    expect(checkRestoreFile({ name: 'b.zip', type: 'application/zip', size: 100 * MB })).toBeNull();
    expect(checkRestoreFile({ name: 'B.ZIP', type: '', size: 1 })).toBeNull();
    expect(checkRestoreFile({ name: 'b.zip', type: 'application/x-zip-compressed', size: 1 })).toBeNull();
  });
  it('refuses anything that is not a ZIP', () => {
    expect(checkRestoreFile({ name: 'data.json', type: 'application/json', size: 1 })).toBe('type');
    expect(checkRestoreFile({ name: 'photo.zip', type: 'image/png', size: 1 })).toBe('type');
  });
  it('refuses more than the limit', () => {
    expect(checkRestoreFile({ name: 'b.zip', type: 'application/zip', size: 100 * MB + 1 })).toBe('size');
    expect(checkRestoreFile({ name: 'b.zip', type: 'application/zip', size: 2 * MB }, MB)).toBe('size');
  });
  it('writes limits like the spec', () => {
    expect(formatLimit(100 * MB)).toBe('100MB');
    expect(formatLimit(1.5 * 1024 * MB)).toBe('1.5GB');
  });
});

describe('download file name', () => {
  it("reads the server's dated name", () => {
    expect(fileNameFromDisposition('attachment; filename="atm-directory-backup-2026-11-22.zip"')).toBe(
      'atm-directory-backup-2026-11-22.zip',
    );
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''atm-directory-data-2026-11-22.json")).toBe(
      'atm-directory-data-2026-11-22.json',
    );
  });
  it('never returns a path or nothing useful', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition(null)).toBeUndefined();
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
  });
});
