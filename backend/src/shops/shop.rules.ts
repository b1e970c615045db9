import { normalizeText, OBJECTS_PATH_PREFIX, UPLOADED_IMAGE_PATH } from 'contract';

/** The fields of a shop its admin-list keys are made from. */
export interface SearchableShop {
  name: string;
  description: string;
  city: string;
  state: string;
  email: string;
}

/**
 * The sort and search keys of a shop (see Shop.nameKey): every writer of a shop row stores
 * them with it. Fields are normalised one by one and joined by a line break, which normalising
 * turns into a space inside a field and a query word never contains, so a word matches the
 * text exactly when it matches one field.
 */
export function searchKeysOf(
  shop: SearchableShop,
  categories: readonly string[],
): { nameKey: string; cityKey: string; searchText: string } {
  const nameKey = normalizeText(shop.name);
  const cityKey = normalizeText(shop.city);
  const rest = [shop.description, shop.state, shop.email, ...categories].map(normalizeText);
  return { nameKey, cityKey, searchText: [nameKey, cityKey, ...rest].join('\n') };
}

/** The object key (`uploads/<uuid>`) of an image path, or null for URLs and icon keys. */
export function objectKeyOf(reference: string | null | undefined): string | null {
  return reference && UPLOADED_IMAGE_PATH.test(reference)
    ? reference.slice(OBJECTS_PATH_PREFIX.length)
    : null;
}
