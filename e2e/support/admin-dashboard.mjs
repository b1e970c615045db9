// The admin dashboard's search, as the journeys use it before pressing a row's button.
import { eventually } from './browser.mjs';

/**
 * Searches the dashboard for `name` and waits until every row shown carries it: the search
 * reaches the URL once typing pauses, and the rows follow. A row's button pressed before the
 * answer arrives can be moved or replaced by it between press and release (or lose the focus
 * given to it), and the press does nothing. `enter` types into the box (default: fill it).
 */
export async function searchDashboard(page, label, name, enter = (box) => box.fill(name)) {
  await enter(page.getByLabel(label));
  await page.waitForURL((url) => url.searchParams.get('q') === name);
  await eventually(
    () => page.getByTestId('shop-row').allInnerTexts(),
    (rows) => rows.length > 0 && rows.every((row) => row.includes(name)),
  );
}
