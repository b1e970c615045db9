import { Button, Col, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL, type ShopFilters } from './filterShops';

interface FilterBarProps {
  filters: ShopFilters;
  categories: string[];
  cities: string[];
  states: string[];
  resultCount: number | null;
  onChange: (key: keyof ShopFilters, value: string) => void;
  onClear: () => void;
}

const SELECTS = ['category', 'city', 'state'] as const;

export function FilterBar({
  filters,
  categories,
  cities,
  states,
  resultCount,
  onChange,
  onClear,
}: FilterBarProps) {
  const { t } = useTranslation('directory');
  const optionsFor = { category: categories, city: cities, state: states };
  const anyFilter = filters.q !== '' || SELECTS.some((key) => filters[key] !== ALL);

  return (
    <section className="atm-dir-filters" aria-label={t('filters.label')}>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={9}>
          <Input
            type="search"
            size="large"
            allowClear
            value={filters.q}
            placeholder={t('filters.search.placeholder')}
            aria-label={t('filters.search.label')}
            onChange={(event) => onChange('q', event.target.value)}
            prefix={
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            }
          />
        </Col>
        {SELECTS.map((key) => (
          <Col key={key} xs={24} sm={8} lg={5}>
            {/* Native selects: the phone's own picker, fully accessible, and ~40 KB gzip less than antd Select. */}
            <label className="atm-visually-hidden" htmlFor={`atm-dir-filter-${key}`}>
              {t(`filters.${key}.label`)}
            </label>
            <select
              id={`atm-dir-filter-${key}`}
              className="atm-dir-filters__select"
              value={filters[key]}
              onChange={(event) => onChange(key, event.target.value)}
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
          </Col>
        ))}
      </Row>
      <div className="atm-dir-filters__summary">
        <p role="status" aria-live="polite">
          {resultCount === null ? '' : t('filters.results', { count: resultCount })}
        </p>
        {anyFilter && (
          <Button type="link" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        )}
      </div>
    </section>
  );
}
