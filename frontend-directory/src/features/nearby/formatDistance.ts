/** The number formats of each interface language (Mexico writes 3.2 and 1,250, as English does). */
const NUMBER_LOCALES: Record<string, string> = { es: 'es-MX', en: 'en-US' };

const formats = new Map<string, Intl.NumberFormat>();
function unitFormat(
  language: string,
  unit: 'meter' | 'kilometer',
  fractionDigits: number,
): Intl.NumberFormat {
  const locale = NUMBER_LOCALES[language] ?? language;
  const key = `${locale}|${unit}|${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: fractionDigits,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A distance as a person reads it: metres (to the nearest 10) below 1 km, one decimal below
 * 100 km, whole kilometres beyond; in the interface language's number format ("3.2 km", "850 m",
 * "1,204 km").
 */
export function formatDistance(km: number, language: string): string {
  if (km < 1) {
    // 995 m and more would round to "1,000 m": say "1 km" instead.
    const metres = Math.round((km * 1000) / 10) * 10;
    if (metres < 1000) return unitFormat(language, 'meter', 0).format(Math.max(metres, 10));
    return unitFormat(language, 'kilometer', 1).format(1);
  }
  return unitFormat(language, 'kilometer', km < 100 ? 1 : 0).format(km);
}
