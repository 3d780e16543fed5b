import { ComingSoon } from './page-header.tsx';

export function UsersPage() {
  return <ComingSoon title="User Management" note="Managing members arrives in a coming release." />;
}
