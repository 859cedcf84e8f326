import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FirstPaintPlaces } from '../src/first-paint-parts';
import type { MessageLevel } from '../src/lib/locale';

/**
 * The pages of src/routes as the build sees them (decision 091), read from the route files themselves with TanStack's
 * file conventions: a `_name` segment is a pathless layout, `index` is its folder's page, `route` is its folder's
 * layout, a `-name` file is no route. The first paint (scripts/inline-first-paint.ts), the message parts
 * (scripts/message-parts.ts) and the chunks (vite.config.ts) derive from these places, so a new section needs no edit
 * there; tests/unit/route-places.test.ts holds this reading to the router's own tree.
 */
export interface PagePlace {
  /** TanStack's route id, e.g. `/_app/analytics/sales`. */
  id: string;
  /** The URL pattern, e.g. `/widget/$widgetId`. */
  path: string;
  /** The outermost layout route's id segment (`_app`, `_auth`, `admin`…), or '' for a page at the root. */
  layout: string;
  /** The page's route file and the layout route files above it, outermost first (src/routes/__root.tsx not included). */
  files: string[];
  /** The page's declared access is `'public'`. */
  open: boolean;
  /** The message part this page waits for (src/lib/locale.ts `includeMessages`). */
  level: MessageLevel;
  titleId?: string;
}

/** Where the route guard (src/routes/-guard.ts) sends an anonymous visitor from any page that is not public. */
export const SIGN_IN_PATH = '/login';

const ROUTES = 'src/routes';
const routeFile = (name: string) => /\.tsx?$/.test(name) && !name.startsWith('-') && !name.startsWith('__') && !name.includes('.gen.');

/** Every route file under a folder, as paths relative to src/routes without their extension. */
const routeStems = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('-')) return [];
    if (entry.isDirectory()) return routeStems(join(dir, entry.name));
    return routeFile(entry.name) ? [relative(ROUTES, join(dir, entry.name)).replace(/\.tsx?$/, '')] : [];
  });

const fileOf = (stem: string) => [`${ROUTES}/${stem}.tsx`, `${ROUTES}/${stem}.ts`].find((file) => existsSync(file))!;

/** The layout route files above a stem: `a.tsx` or `a/route.tsx` for each folder `a` on its way. */
const layoutStems = (stem: string, stems: Set<string>): string[] => {
  const folders = stem.split('/').slice(0, -1);
  return folders.flatMap((_, index) => {
    const folder = folders.slice(0, index + 1).join('/');
    return [folder, `${folder}/route`].filter((candidate) => candidate !== stem && stems.has(candidate));
  });
};

const declared = (text: string, name: string): string | undefined => new RegExp(`\\b${name}:\\s*'([^']+)'`).exec(text)?.[1];

export const routePages = (): PagePlace[] => {
  const stems = routeStems(ROUTES);
  const all = new Set(stems);
  // A layout is a file with a folder of its own (`_app.tsx` and `_app/`) or a folder's `route` file.
  const layouts = new Set(stems.flatMap((stem) => layoutStems(stem, all)));
  return stems
    .filter((stem) => !layouts.has(stem))
    .map((stem) => {
      const files = [...layoutStems(stem, all), stem].map(fileOf);
      const texts = files.map((file) => readFileSync(file, 'utf8'));
      const own = texts.at(-1)!;
      const segments = stem.split('/');
      const id = `/${segments.map((segment) => (segment === 'index' ? '' : segment)).join('/')}`;
      // `$id_` is `$id` in the path, its page not nested in `$id`'s (the router's non-nested segment).
      const path = `/${segments
        .filter((segment) => !segment.startsWith('_') && segment !== 'index')
        .map((segment) => segment.replace(/_$/, ''))
        .join('/')}`;
      const open = declared(own, 'access') === 'public';
      // A public page off the sign-in path asks for the portal part itself, or its layout does (their beforeLoad).
      const portal = texts.some((text) => text.includes("includeMessages('portal')"));
      const level = (declared(own, 'messages') as MessageLevel | undefined) ?? (open ? (portal ? 'portal' : 'public') : 'office');
      return { id, path, layout: stem.includes('/') ? segments[0]! : '', files, open, level, titleId: declared(own, 'titleId') };
    });
};

/**
 * What the first paint (src/first-paint.ts) knows of the pages, kept small as it is written into every index.html: by
 * a path's first segment, the layout of its pages and whether they are public. Pages that share a first segment share
 * both (the build fails otherwise).
 */
export const firstPaintPlaces = (pages = routePages()): FirstPaintPlaces => {
  const places: FirstPaintPlaces = {};
  for (const page of pages) {
    const segment = page.path.split('/')[1]!;
    const known = places[segment];
    if (known && (known[0] !== page.layout || known[1] !== page.open))
      throw new Error(`first paint: the pages under /${segment} differ in layout or access (${page.id})`);
    places[segment] = [page.layout, page.open];
  }
  return places;
};

/** The modules a file imports by value (not `import type`, not `import()`), resolved to files of src/. */
const staticImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gm)].flatMap(([, specifier]) => {
    const base = specifier!.startsWith('@/')
      ? join('src', specifier!.slice(2))
      : specifier!.startsWith('.')
        ? join(file, '..', specifier!)
        : undefined;
    const found = base && [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    return found ? [found] : [];
  });

/**
 * The sign-in page's own modules (vite.config.ts bundles them as the first screen): its route files, the root route's,
 * and the feature modules they reach by static imports. The shared code they use (src/lib, src/ui, src/contract)
 * travels in the base chunk.
 */
export const signInModules = (pages = routePages()): string[] => {
  const page = pages.find((candidate) => candidate.path === SIGN_IN_PATH)!;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/^src[\\/](routes|features)[\\/]/.test(file)) return;
    seen.add(file);
    for (const imported of staticImports(file)) visit(imported);
  };
  for (const file of [`${ROUTES}/__root.tsx`, ...page.files]) visit(file);
  // The root route and the guard are every page's, in the entry chunk with the route tree.
  return [...seen].filter((file) => file.startsWith('src/features/') || page.files.includes(file)).sort();
};
