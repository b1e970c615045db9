import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activeToggles, ALL, LISTING_TOGGLES, type ShopFilters } from './filterShops';
import './filter-bar.css';

interface FilterBarProps {
  filters: ShopFilters;
  categories: string[];
  cities: string[];
  states: string[];
  resultCount: number | null;
  onChange: (key: keyof ShopFilters, value: string) => void;
  onClear: () => void;
  /** Added to the announced count, e.g. "sorted by distance" (features/nearby). */
  resultNote?: string;
  /** Controls shown under the filters ("near me", the list/map switch). */
  children?: ReactNode;
}

const SELECTS = ['category', 'city', 'state'] as const;

/**
 * Search box, the three dropdowns and the toggles in plain form controls: the first screen
 * carries no antd (its components and CSS-in-JS were most of the main-thread work on a phone;
 * see frontend-shell/README.md), and native selects open the phone's own picker.
 *
 * A real GET form with the URL's own parameter names: until the JavaScript has arrived (or
 * without any), Enter in the search box submits it to this same URL and the server renders the
 * filtered listing (its `page` is dropped, as a filter change does here). Once hydrated, every
 * change filters at once and the submit only stays on the page.
 */
export function FilterBar({
  filters,
  categories,
  cities,
  states,
  resultCount,
  onChange,
  onClear,
  resultNote,
  children,
}: FilterBarProps) {
  const { t } = useTranslation('directory');
  const search = useRef<HTMLInputElement>(null);
  // The search box is uncontrolled: the router applies a URL change in a transition, after the
  // keystroke, and a box controlled by the URL reset itself in between and dropped the letters of
  // a fast typist (found by the keyboard-only journey). It follows the URL when the URL changes
  // while nobody types in it (Back, Forward); the clear buttons empty it themselves.
  // Letters typed into the server's box before the page was hydrated are in it, but no change
  // event reached React: once the box is live, they filter like any other (before the effect
  // below could put the URL's text back).
  useEffect(() => {
    const typed = search.current?.value ?? filters.q;
    if (typed !== filters.q) onChange('q', typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the box becomes live
  }, []);
  useEffect(() => {
    const box = search.current;
    if (box && box !== document.activeElement && box.value !== filters.q) box.value = filters.q;
  }, [filters.q]);
  // The selects and the tick show the visitor's choice at once: the URL's value reaches them a
  // transition later, and a control bound to it alone went back to the old choice meanwhile (on
  // a slow phone the tick visibly went off again after the press). A new URL value replaces it.
  const [chosen, setChosen] = useState(filters);
  const [applied, setApplied] = useState(filters);
  if (applied !== filters) {
    setApplied(filters);
    setChosen(filters);
  }
  const choose = (key: keyof ShopFilters, value: string) => {
    setChosen((current) => ({ ...current, [key]: value }));
    onChange(key, value);
  };
  const setSearch = (value: string) => {
    if (search.current) search.current.value = value;
    onChange('q', value);
  };
  const optionsFor = { category: categories, city: cities, state: states };
  const anyFilter =
    filters.q !== '' || SELECTS.some((key) => filters[key] !== ALL) || activeToggles(filters).length > 0;

  return (
    <form
      className="atm-dir-filters"
      role="search"
      method="get"
      aria-label={t('filters.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="atm-dir-filters__grid">
        <div className="atm-dir-search">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            ref={search}
            type="search"
            name="q"
            className="atm-dir-search__input"
            defaultValue={filters.q}
            placeholder={t('filters.search.placeholder')}
            aria-label={t('filters.search.label')}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => onChange('q', event.target.value)}
          />
          {filters.q !== '' && (
            <button
              type="button"
              className="atm-dir-search__clear"
              aria-label={t('filters.search.clear')}
              onClick={() => {
                setSearch('');
                search.current?.focus();
              }}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <circle cx="8" cy="8" r="8" fill="currentColor" />
                <path d="M5 5l6 6M11 5l-6 6" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        {SELECTS.map((key) => (
          <div key={key}>
            <label className="atm-visually-hidden" htmlFor={`atm-dir-filter-${key}`}>
              {t(`filters.${key}.label`)}
            </label>
            <select
              id={`atm-dir-filter-${key}`}
              name={key}
              className="atm-dir-filters__select"
              value={chosen[key]}
              onChange={(event) => choose(key, event.target.value)}
            >
              <option value={ALL}>{t(`filters.${key}.all`)}</option>
              {/* A value from a shared link that is not (or no longer) an option stays selectable. */}
              {filters[key] !== ALL && !optionsFor[key].includes(filters[key]) && (
                <option value={filters[key]}>{filters[key]}</option>
              )}
              {optionsFor[key].map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        ))}
        {/* Each toggle of the shop schema: a checkbox that sends its value when ticked. */}
        {LISTING_TOGGLES.map(({ param, value }) => (
          <label key={param} className="atm-dir-filters__toggle">
            <input
              type="checkbox"
              name={param}
              value={value}
              checked={chosen[param] === value}
              onChange={(event) => choose(param, event.target.checked ? value : ALL)}
            />
            {t(`filters.${param}.label`)}
          </label>
        ))}
      </div>
      {children}
      <div className="atm-dir-filters__summary">
        <p role="status" aria-live="polite">
          {resultCount === null ? '' : t('filters.results', { count: resultCount })}
          {resultCount !== null && resultNote ? `, ${resultNote}` : ''}
        </p>
        {anyFilter && (
          <button
            type="button"
            className="atm-dir-link-button"
            onClick={() => {
              if (search.current) search.current.value = '';
              onClear();
            }}
          >
            {t('filters.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
