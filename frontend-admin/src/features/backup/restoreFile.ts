/** The restore limit (100 MB) when the statistics have not said otherwise. */
export const DEFAULT_RESTORE_MAX_BYTES = 100 * 1024 * 1024;

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip'];

/**
 * The client check before a restore upload: a ZIP (by extension, or by type when the browser
 * reports one of the ZIP types) of at most `maxBytes`.
 */
export function checkRestoreFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes = DEFAULT_RESTORE_MAX_BYTES,
): 'type' | 'size' | null {
  const isZipName = /\.zip$/i.test(file.name);
  const isZipType = ZIP_TYPES.includes(file.type.toLowerCase());
  // Some systems report '' or application/octet-stream for a .zip: the extension decides then.
  if (!isZipName || (file.type !== '' && !isZipType && file.type !== 'application/octet-stream'))
    return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}

/** '100MB', '1.5GB', '850KB': the spec writes sizes without a space. */
export function formatLimit(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${rounded}${units[unit]}`;
}
