import { useCallback, useEffect, useState } from 'react';

/**
 * A filter typed into a box and kept in the URL: its text shows at once and goes to `commit`
 * (the URL, so the request) once typing pauses for `pauseMs`. A value from elsewhere (back,
 * forward, a link, "clear filters") replaces the text; the filter's own value coming back through
 * the URL does not, or a key typed since (a slow typist pauses longer than the debounce) would be
 * lost. Returns the text, its setter, and `commitNow` (Enter, a search button).
 */
export function useTypedFilter(value: string, commit: (text: string) => void, pauseMs: number) {
  const [text, setText] = useState(value);
  // The last value this filter put in the URL.
  const [sent, setSent] = useState(value);
  const commitNow = useCallback(
    (next: string) => {
      setSent(next);
      commit(next);
    },
    [commit],
  );
  // React's "adjust state on a prop change" pattern, during render rather than in an effect.
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
    const timer = setTimeout(() => commitNow(text), pauseMs);
    return () => clearTimeout(timer);
  }, [text, value, commitNow, pauseMs]);
  return [text, setText, commitNow] as const;
}
