import { readFileSync } from 'node:fs';
import { createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { shellParts } from '@/first-paint-parts';
import { routeTree } from '@/routeTree.gen';
import { messagePart, messagePartsOf } from '../../scripts/message-parts';
import { firstPaintPlaces, routePages, SIGN_IN_PATH, signInModules, type PagePlace } from '../../scripts/route-places';

/**
 * Decision 091: the first paint, the message parts and the sign-in chunk derive from the route files. Their reading
 * (scripts/route-places.ts) is held here to the router's own tree, and a section that does not exist yet is placed
 * without an edit anywhere.
 */
const pages = routePages();
const tree = Object.values(createRouter({ routeTree }).routesById).filter((route) => !route.children && route.id !== '__root__');
const shellNames = new Set([...readFileSync('index.html', 'utf8').matchAll(/data-shell="([^"]+)"/g)].map((match) => match[1]!));
const english = Object.keys(JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>);

/** A section added later: a desktop page of the signed-in layout with texts of its own. */
const NEW_SECTION: PagePlace = {
  id: '/_app/integrations/',
  path: '/integrations',
  layout: '_app',
  files: ['src/routes/_app.tsx', 'src/routes/_app/integrations/index.tsx'],
  open: false,
  level: 'office',
  titleId: 'integrations.title',
};

describe('the route places (decision 091)', () => {
  it('are the pages of the route tree, with their declared access, titles and message parts', () => {
    expect(pages.map((page) => page.id).sort()).toEqual(tree.map((route) => route.id).sort());
    for (const route of tree) {
      const page = pages.find((candidate) => candidate.id === route.id)!;
      const { access, titleId, messages } = route.options.staticData ?? {};
      expect({ id: page.id, path: page.path, open: page.open, titleId: page.titleId }).toEqual({
        id: route.id,
        path: route.fullPath.replace(/(.)\/$/, '$1'),
        open: access === 'public',
        titleId,
      });
      if (messages) expect(page.level, page.id).toBe(messages);
      else if (!page.open) expect(page.level, page.id).toBe('office');
    }
  });

  it('give every page its first paint: its layout and own parts where index.html has them, else the sign-in form or none', () => {
    const places = firstPaintPlaces(pages);
    for (const page of pages) {
      const path = page.path.replace(/\$[^/]+/g, '7');
      const anonymous = shellParts(places, SIGN_IN_PATH, path, false);
      expect(anonymous, path).toEqual(page.open ? [page.layout, path] : ['_auth', SIGN_IN_PATH]);
      const signedIn = shellParts(places, SIGN_IN_PATH, path, true);
      expect(signedIn[0], path).toBe(page.layout === '_auth' ? '_app' : page.layout);
    }
    // The shell draws the sign-in form, the signed-in layout and the till; every part names a layout or a page.
    expect(shellParts(places, SIGN_IN_PATH, '/login', false)).toEqual(['_auth', '/login']);
    expect(shellParts(places, SIGN_IN_PATH, '/redemption', true)).toEqual(['_app', '/redemption']);
    expect(shellParts(places, SIGN_IN_PATH, '/no/such/page', true)).toEqual(['_app', '/no/such/page']);
    for (const name of shellNames)
      expect(
        pages.some((page) => page.layout === name || page.path === name),
        name,
      ).toBe(true);
  });

  it('put each message in a part: the sections’ texts with their pages, the sign-in page’s and its title in the first', () => {
    for (const id of english) expect(['public', 'portal', 'office']).toContain(messagePart(id));
    expect(messagePart('title.login')).toBe('public');
    expect(messagePart('title.register')).toBe('portal');
    expect(messagePart('catalogueImages.title')).toBe(messagePart('catalogue.title'));
    expect(messagePart('redemption.title')).toBe('portal');
  });

  it('bundle the sign-in page with its layout and the feature modules they use, nothing of another section', () => {
    const modules = signInModules(pages);
    expect(modules).toContain('src/routes/_auth/login.tsx');
    expect(modules).toContain('src/routes/_auth.tsx');
    expect(modules).toContain('src/features/auth/login-page.tsx');
    expect(modules.filter((file) => !/^src\/(features\/(auth|shell)|routes\/_auth)/.test(file))).toEqual([]);
  });

  it('place a new section with no edit: its texts wait with its pages, its first paint is the signed-in layout', () => {
    const withSection = [...pages, NEW_SECTION];
    expect(messagePartsOf(withSection)('integrations.settings.title')).toBe('office');
    expect(() => messagePartsOf(pages)('integrations.settings.title')).toThrow(/no section/);
    const places = firstPaintPlaces(withSection);
    expect(shellParts(places, SIGN_IN_PATH, '/integrations', true)).toEqual(['_app', '/integrations']);
    expect(shellParts(places, SIGN_IN_PATH, '/integrations', false)).toEqual(['_auth', SIGN_IN_PATH]);
    expect(signInModules(withSection)).toEqual(signInModules(pages));
  });
});
