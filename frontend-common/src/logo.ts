import { LOGO_ICON_KEYS } from 'contract';
import { safeUrl } from './safeUrl';

export type LogoIconKey = (typeof LOGO_ICON_KEYS)[number];

export type LogoKind =
  { kind: 'image'; src: string } | { kind: 'icon'; icon: LogoIconKey } | { kind: 'emoji'; emoji: string };

/** The store emoji shown for anything that is neither a usable image nor a known icon key. */
export const STORE_EMOJI = '🏪';

/**
 * How to show a shop's logo: a value starting with `/` or `http` is an image (only when
 * `safeUrl` accepts it), a known icon key is that icon, anything else the store emoji.
 */
export function logoKind(logo: string | null | undefined): LogoKind {
  const value = (logo ?? '').trim();
  if (value.startsWith('/') || value.toLowerCase().startsWith('http')) {
    const src = safeUrl(value);
    return src ? { kind: 'image', src } : { kind: 'emoji', emoji: STORE_EMOJI };
  }
  if ((LOGO_ICON_KEYS as readonly string[]).includes(value))
    return { kind: 'icon', icon: value as LogoIconKey };
  return { kind: 'emoji', emoji: STORE_EMOJI };
}
