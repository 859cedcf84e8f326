/**
 * Which parts of the static shell (index.html `data-shell`) a first paint keeps (decision 091). The parts are named
 * after a layout route's id or a page's path, and the pages are the route tree's by their path's first segment
 * (scripts/route-places.ts `firstPaintPlaces`): a page shows its layout's part and its own, where index.html has them.
 * Apart from src/first-paint.ts so that tests/unit/route-places.test.ts can walk every page through it.
 */
export type FirstPaintPlaces = Record<string, [layout: string, open: boolean]>;

export const shellParts = (places: FirstPaintPlaces, signInPath: string, path: string, signedIn: boolean): string[] => {
  const placeOf = (at: string) => places[at.split('/')[1]!];
  const place = placeOf(path);
  const signIn = placeOf(signInPath)![0];
  // Signed in, the sign-in layout's pages and unknown paths show the home page's layout (the login route, the 404).
  if (signedIn) return [place && place[0] !== signIn ? place[0] : placeOf('/')![0], path];
  // Any page that is not public sends an anonymous visitor to the sign-in form (the route guard).
  return place?.[1] ? [place[0], path] : [signIn, signInPath];
};
