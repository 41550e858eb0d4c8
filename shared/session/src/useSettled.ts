import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (its `key` names it, since a draft is a new object each change): what
 * a typeahead asks the server about, so a burst of keystrokes makes one request. The first value counts as settled.
 */
export function useSettled<T>(value: T, key: string, ms: number): { value: T; settled: boolean } {
  const [last, setLast] = useState({ key, value });
  useEffect(() => {
    const timer = setTimeout(() => setLast({ key, value }), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `value`
  }, [key, ms]);
  return { value: last.value, settled: last.key === key };
}
