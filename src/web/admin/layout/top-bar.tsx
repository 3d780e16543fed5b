import { House, Menu } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Admin } from '../../../shared/contracts/admin-auth.ts';
import { adminPath } from '../../../shared/pages/admin-paths.ts';
import { canUse } from '../../../shared/rules/roles.ts';
import { Button } from '../../ui/button.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { AdminBrandLogo } from '../admin-brand.tsx';
import { ProfileMenu } from './profile-menu.tsx';

export interface TopBarProps {
  /** The signed-in user: named in the account menu; their role decides what the bar offers. */
  admin: Pick<Admin, 'email' | 'name' | 'role'>;
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ admin, sidebarId, sidebarOpen, onToggleSidebar }: TopBarProps) {
  const navigate = useNavigate();

  // The inquiry inbox is what there is to search; the search box takes the admin there (if their role has it).
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    const inbox = adminPath('inquiries');
    navigate(q ? `${inbox}?q=${encodeURIComponent(q)}` : inbox);
  };

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-1 border-b border-slate-200 bg-white px-2 sm:gap-2 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Menu"
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        onClick={onToggleSidebar}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {/* The sidebar shows the logo while it is open; closed (on a phone, mostly), the bar does. */}
      {!sidebarOpen && <AdminBrandLogo />}
      <Link
        to="/"
        reloadDocument
        className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <House aria-hidden="true" className="size-5" />
        <span className="sr-only sm:not-sr-only">View site</span>
      </Link>
      {canUse(admin.role, 'inbox') && (
        <search className="min-w-0 flex-1 sm:max-w-md">
          <SearchField
            label="Search inquiries"
            onSearch={search}
            name="q"
            placeholder="Search..."
            className="h-10 rounded-lg border border-slate-300 bg-slate-50 text-base focus:bg-white focus:outline-2 focus:outline-indigo-600 sm:text-sm"
          />
        </search>
      )}
      <div className="ml-auto">
        <ProfileMenu admin={admin} />
      </div>
    </header>
  );
}
