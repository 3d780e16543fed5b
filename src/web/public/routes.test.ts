import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_IDS, PUBLIC_PAGES } from '../../shared/pages/public-pages.ts';
import { isIslandsPageRoute, publicRoutes } from './routes.tsx';

const pageRoutes: RouteObject[] = publicRoutes[0]?.children?.[0]?.children ?? [];
const routeOf = (id: string) => pageRoutes.find((route) => route.id === id);

describe('the public routes and the page table', () => {
  it('have one route per page, in the order of the table, at its path', () => {
    expect(pageRoutes.map((route) => route.id)).toEqual(PUBLIC_PAGE_IDS);
    for (const id of PUBLIC_PAGE_IDS) {
      const route = routeOf(id)!;
      const path = route.index ? '/' : `/${route.path}`;
      expect(path, id).toBe(PUBLIC_PAGES[id].path);
    }
  });

  // The server preloads the chunk of the module the table names: the route must load that very module.
  it.each(PUBLIC_PAGE_IDS.filter((id) => PUBLIC_PAGES[id].chunk === 'page'))(
    'loads the page %s from the module its row names',
    async (id) => {
      const lazy = routeOf(id)?.lazy;
      expect(typeof lazy).toBe('function');
      const loaded = await (lazy as () => Promise<{ Component?: unknown }>)();
      const module: Record<string, unknown> = await import(`./pages/${PUBLIC_PAGES[id].module}.tsx`);
      expect(Object.values(module)).toContain(loaded.Component);
    },
  );

  it('know which pages are islands, as the table says, in both languages', () => {
    for (const id of PUBLIC_PAGE_IDS) {
      const islands = PUBLIC_PAGES[id].hydration === 'islands';
      expect(isIslandsPageRoute(id), id).toBe(islands);
      expect(isIslandsPageRoute(`hi/${id}`), `hi/${id}`).toBe(islands);
    }
    expect(isIslandsPageRoute('public-pages')).toBe(false);
  });

  it('keeps a page in the shell out of the lazy routes', () => {
    for (const id of PUBLIC_PAGE_IDS.filter((id) => PUBLIC_PAGES[id].chunk === 'public-shell')) {
      expect(routeOf(id)?.lazy, id).toBeUndefined();
    }
  });
});
