/**
 * Returns a URL that is safe to put in `href` or `src`, or `null`.
 *
 * Shop data is typed in by administrators and restored from backup files, so every link or
 * image address is treated as untrusted. Only two shapes pass:
 * - absolute `http:` / `https:` URLs (returned in the browser's normalised form), and
 * - site-relative object paths `/objects/...` (uploaded images served by the backend).
 * Everything else (`javascript:`, `data:`, `vbscript:`, protocol-relative `//host`, backslash
 * and control-character tricks, HTML entities) is rejected rather than repaired.
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const candidate = value.trim();
  // No whitespace or control characters anywhere: browsers strip some of them when parsing
  // (`java\tscript:`), so a string containing them can mean something else than it reads.
  // eslint-disable-next-line no-control-regex
  if (candidate === '' || /[\s\u0000-\u001f\u007f-\u009f\\]/.test(candidate)) return null;

  if (candidate.startsWith('/')) {
    // Site-relative object path only; `//host` would be protocol-relative (another origin).
    if (!/^\/objects\/[A-Za-z0-9._~\-/%]+$/.test(candidate)) return null;
    if (candidate.split('/').some((segment) => segment === '..' || segment === '.')) return null;
    return candidate;
  }

  if (!/^https?:\/\//i.test(candidate)) return null;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!parsed.hostname || parsed.username || parsed.password) return null;
  return parsed.href;
}
