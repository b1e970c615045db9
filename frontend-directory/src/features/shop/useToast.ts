import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a toast stays: 5 seconds. */
export const TOAST_MS = 5_000;

/** One toast at a time: a new message replaces the shown one and restarts its 5 s. */
export function useToast() {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage(text);
    timer.current = setTimeout(() => setMessage(''), TOAST_MS);
  }, []);
  return { message, show };
}
