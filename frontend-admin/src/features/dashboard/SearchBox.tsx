import { useCallback, useEffect, useState } from 'react';
import { Button, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNamedClear } from '../../app/useNamedClear';
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
  const [text, setText] = useState(value);
  // The last query this box put in the URL. Its own query coming back must not replace the text:
  // a key typed since (a slow typist pauses longer than the debounce) would be lost.
  const [sent, setSent] = useState(value);
  const search = useCallback(
    (q: string) => {
      setSent(q);
      onSearch(q);
    },
    [onSearch],
  );
  // Back/forward (or a link) changes the URL: show its query (React's "adjust state on a prop
  // change" pattern, during render rather than in an effect).
  const [urlValue, setUrlValue] = useState(value);
  if (value !== urlValue) {
    setUrlValue(value);
    if (value !== sent) {
      setSent(value);
      setText(value);
    }
  }
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, search]);
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
