import type { ReactNode } from 'react';
import { AdminTitle } from '../admin-brand.tsx';

/** The title of an admin screen, in the page and in the browser tab. */
export function AdminPageHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-6">
      <AdminTitle title={title} />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
      {children}
    </header>
  );
}
