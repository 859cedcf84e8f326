/**
 * An address under a configured base URL, the base's own path kept: under `https://portal.example/cabinet`,
 * `invitation` is `https://portal.example/cabinet/invitation` (`new URL('/invitation', base)` drops `/cabinet`, and a
 * portal behind a proxy at a path got links to nowhere). `path` is relative; `query` is written as the search.
 */
export function linkUnder(base: string, path: string, query?: Record<string, string>): string {
  const url = new URL(path.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`);
  if (query) url.search = new URLSearchParams(query).toString();
  return url.toString();
}
