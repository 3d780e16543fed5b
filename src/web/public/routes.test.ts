import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_IDS, PUBLIC_PAGES } from '../../shared/pages/public-pages.ts';
import { publicRoutes } from './routes.tsx';

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

  // The not-found page is the error boundaries' (its module is theirs); every other page loads its own.
  it.each(PUBLIC_PAGE_IDS.filter((id) => id !== 'not-found'))(
    'loads the page %s from the module its row names',
    async (id) => {
      const lazy = routeOf(id)?.lazy;
      expect(typeof lazy).toBe('function');
      const loaded = await (lazy as () => Promise<{ Component?: unknown }>)();
      const module: Record<string, unknown> = await import(`./pages/${PUBLIC_PAGES[id].module}.tsx`);
      expect(Object.values(module)).toContain(loaded.Component);
    },
  );
});
