import {
  ADMIN_SEARCH_FIELDS,
  normalizeText,
  OBJECTS_PATH_PREFIX,
  shopSearchText,
  UPLOADED_IMAGE_PATH,
  type ShopValues,
} from 'contract';

/** The admin list's sort and search keys of a shop (see Shop.nameKey), stored with every change. */
export function searchKeysOf(
  shop: Pick<ShopValues, 'name' | 'description' | 'city' | 'state' | 'email'>,
  categories: readonly string[],
): { nameKey: string; cityKey: string; searchText: string } {
  return {
    nameKey: normalizeText(shop.name),
    cityKey: normalizeText(shop.city),
    searchText: shopSearchText({ ...shop, categories }, ADMIN_SEARCH_FIELDS),
  };
}

/** The object key (`uploads/<uuid>`) of an image path, or null for URLs and icon keys. */
export function objectKeyOf(reference: string | null | undefined): string | null {
  return reference && UPLOADED_IMAGE_PATH.test(reference)
    ? reference.slice(OBJECTS_PATH_PREFIX.length)
    : null;
}
