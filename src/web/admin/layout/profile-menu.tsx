import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Admin } from '../../../shared/contracts/admin-auth.ts';
import { adminPath } from '../../../shared/pages/admin-paths.ts';
import { ROLE_LABELS } from '../../../shared/rules/roles.ts';
import { useLogout } from '../../features/admin-auth/api.ts';
import { canOpen } from '../access.ts';
import { LOGIN_PATH } from '../paths.ts';

const ITEM_CLASS =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

export function ProfileMenu({ admin }: { admin: Pick<Admin, 'email' | 'name' | 'role'> }) {
  const { email, name, role } = admin;
  const logout = useLogout();
  const navigate = useNavigate();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(LOGIN_PATH, { replace: true }),
      onError: () => toast.error('Log out failed. Please try again.'),
    });

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${email}`}
        className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {/*
         * The button's name holds the text it shows, as speech control needs (axe label-content-name-mismatch):
         * the initial on a phone, the email beside a plain icon on a desktop, never both.
         */}
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-indigo-700 font-semibold text-white uppercase"
        >
          <span className="lg:hidden">{email.charAt(0)}</span>
          <UserRound className="hidden size-4 lg:block" />
        </span>
        <span className="hidden max-w-48 truncate lg:inline">{email}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">
            Signed in as
            {name && <span className="block truncate text-sm font-medium text-slate-900">{name}</span>}
            <span className="block truncate text-sm text-slate-900">{email}</span>
            <span className="block">{ROLE_LABELS[role]}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to={adminPath('profile')}>
              <UserRound aria-hidden="true" className="size-4" />
              My Profile
            </Link>
          </DropdownMenu.Item>
          {canOpen(role, 'settings') && (
            <DropdownMenu.Item asChild className={ITEM_CLASS}>
              <Link to={adminPath('settings')}>
                <Settings aria-hidden="true" className="size-4" />
                Settings
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={ITEM_CLASS} disabled={logout.isPending} onSelect={signOut}>
            <LogOut aria-hidden="true" className="size-4" />
            {logout.isPending ? 'Logging out...' : 'Log Out'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
