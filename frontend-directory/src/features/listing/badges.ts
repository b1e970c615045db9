/** A card shows at most this many category badges, then '+N'. */
export const MAX_BADGES = 3;

export function splitBadges(categories: readonly string[], max = MAX_BADGES) {
  return { shown: categories.slice(0, max), hidden: categories.slice(max) };
}
