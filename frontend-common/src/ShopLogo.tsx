import { useState, type ReactElement } from 'react';
import { logoKind, STORE_EMOJI, type LogoIconKey } from './logo';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Small inline SVGs rather than an icon font: six icons do not justify another download. */
const ICONS: Record<LogoIconKey, ReactElement> = {
  crosshairs: (
    <g {...stroke}>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 2v6M12 16v6M2 12h6M16 12h6" />
    </g>
  ),
  bullseye: (
    <g {...stroke}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" />
    </g>
  ),
  medal: (
    <g {...stroke}>
      <path d="M8 2l4 7 4-7" />
      <circle cx="12" cy="15" r="6" />
      <path d="M12 12.5l.9 1.8 2 .3-1.45 1.4.35 2-1.8-.95-1.8.95.35-2-1.45-1.4 2-.3z" />
    </g>
  ),
  'bow-arrow': (
    <g {...stroke}>
      <path d="M5 3c9 2 14 7 16 16" />
      <path d="M5 3l16 16" strokeDasharray="2 2" />
      <path d="M3 21L17 7M17 7h-4M17 7v4" />
    </g>
  ),
  tools: (
    <g {...stroke}>
      <path d="M14.7 6.3a4 4 0 005 5L12 19a2.1 2.1 0 01-3-3z" />
      <path d="M4 4l6 6M3 7l4-4" />
    </g>
  ),
  'shield-alt': (
    <g {...stroke}>
      <path d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" />
      <path d="M12 2v20" />
    </g>
  ),
};

export interface ShopLogoProps {
  logo: string;
  /** Alt text for an image logo, e.g. "Logo of Armería del Norte". */
  alt: string;
  size?: number;
}

/**
 * A shop's logo by the spec's rules: image, icon key, or the store emoji. An image that fails
 * to load is replaced by the emoji.
 */
export function ShopLogo({ logo, alt, size = 56 }: ShopLogoProps) {
  const kind = logoKind(logo);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = {
    width: size,
    height: size,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
  };

  if (kind.kind === 'image' && failedSrc !== kind.src) {
    return (
      <img
        src={kind.src}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={{ objectFit: 'contain', borderRadius: 8 }}
        onError={() => setFailedSrc(kind.src)}
      />
    );
  }
  if (kind.kind === 'icon') {
    return (
      <span
        className="atm-shop-logo atm-shop-logo--icon"
        style={box}
        data-logo-icon={kind.icon}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" width={size * 0.7} height={size * 0.7} focusable="false">
          {ICONS[kind.icon]}
        </svg>
      </span>
    );
  }
  return (
    <span
      className="atm-shop-logo atm-shop-logo--emoji"
      style={{ ...box, fontSize: size * 0.6 }}
      aria-hidden="true"
    >
      {STORE_EMOJI}
    </span>
  );
}
