/**
 * The file name of a `Content-Disposition` header (`filename*=UTF-8''...` preferred over
 * `filename="..."`), reduced to a plain name, or undefined when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = plain ? (plain[2] ?? plain[1]).trim() : undefined;
  }
  // Never a path: only the last segment, without characters file systems refuse.
  // eslint-disable-next-line no-control-regex
  const refused = /[\u0000-\u001f<>:"|?*]/g;
  const base = name?.split(/[\\/]/).pop()?.replace(refused, '').trim();
  return base ? base : undefined;
}

/** Saves a blob as a download: an object URL on a temporary `<a download>`, released afterwards. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
