import { Button, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNamedClear } from '../../app/useNamedClear';
import { useTypedFilter } from '../../app/useTypedFilter';
import { useAdminTranslation } from '../../i18n';

/**
 * How long typing pauses before the list is asked again. Keys typed faster than this make one
 * request; most typing asks once a key, which a page of 20 from the server affords. Short,
 * because the results must follow the last key within 200 ms (bench/lib/admin.mjs:
 * at 10,000 shops the answer takes 20-45 ms and rendering the new rows 60-80 ms on top).
 */
const SEARCH_DEBOUNCE_MS = 50;

/** The search box: its own text at once, the URL (and so the request) once typing pauses. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useAdminTranslation();
  const namedClear = useNamedClear();
  const [text, setText, search] = useTypedFilter(value, onSearch, SEARCH_DEBOUNCE_MS);
  return (
    <Input.Search
      allowClear={namedClear}
      aria-label={t('dashboard.search.label')}
      placeholder={t('dashboard.search.placeholder')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={search}
      // Its icon is decoration (frontend-common/src/icons): the button is named here.
      enterButton={<Button icon={<SearchOutlined />} aria-label={t('dashboard.search.submit')} />}
      style={{ maxWidth: 420 }}
    />
  );
}
