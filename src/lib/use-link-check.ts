import { useEffect, useState } from 'react';

/** What the server said of a mailed link: still asking, good (with what it answered), or not. */
export type LinkCheck<T> = { state: 'checking' } | { state: 'valid'; value: T } | { state: 'failed'; error: unknown };

/**
 * Checks the link a page was opened with (the registration link, an invitation). Opening a link only
 * asks whether it is good: mail scanners open links too. `params` null: the link lacks a part and
 * nothing is asked. `check` must be a stable (module-level) function.
 */
export function useLinkCheck<P extends Record<string, string>, T>(check: (params: P) => Promise<T>, params: P | null): LinkCheck<T> {
  // The parameters as one string: a dependency that changes only when a value does.
  const key = params && new URLSearchParams(params).toString();
  const [answer, setAnswer] = useState<{ key: string; check: LinkCheck<T> } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    check(Object.fromEntries(new URLSearchParams(key)) as P).then(
      (value) => live && setAnswer({ key, check: { state: 'valid', value } }),
      (error: unknown) => live && setAnswer({ key, check: { state: 'failed', error } }),
    );
    return () => {
      live = false;
    };
  }, [check, key]);
  return answer?.key === key ? answer.check : { state: 'checking' };
}
