/** Simplified flags as inline SVG: emoji flags do not render on every system (Windows shows letters). */
export function MexicoFlag() {
  return (
    <svg viewBox="0 0 21 14" width="21" height="14" aria-hidden="true" focusable="false" className="atm-flag">
      <rect width="7" height="14" fill="#006847" />
      <rect x="7" width="7" height="14" fill="#fff" />
      <rect x="14" width="7" height="14" fill="#ce1126" />
      <circle cx="10.5" cy="7" r="2" fill="#8c5a2b" />
    </svg>
  );
}

export function UsFlag() {
  return (
    <svg viewBox="0 0 21 14" width="21" height="14" aria-hidden="true" focusable="false" className="atm-flag">
      <rect width="21" height="14" fill="#b22234" />
      {[1, 3, 5, 7, 9, 11].map((y) => (
        <rect key={y} y={(y * 14) / 13} width="21" height={14 / 13} fill="#fff" />
      ))}
      <rect width="9" height={(7 * 14) / 13} fill="#3c3b6e" />
    </svg>
  );
}
