import type { ReactNode } from 'react';
import { useBrandName } from '../admin-brand.tsx';

/**
 * A back-office page for someone not signed in (signing in, accepting an invitation): one card under the
 * brand, and the way back to the site.
 */
export function SignedOutPage({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrandName();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <title>{brand ? `${title} · ${brand}` : title}</title>
      <div className="w-full max-w-sm">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {/* The line keeps its height while the brand loads, so the form does not move. */}
          <p className="min-h-5 text-sm font-semibold tracking-wide text-indigo-600 uppercase">{brand}</p>
          {children}
        </div>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-slate-600 underline-offset-2 hover:underline">
            Back to the site
          </a>
        </p>
      </div>
    </main>
  );
}
