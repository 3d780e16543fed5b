import { ComingSoon } from './page-header.tsx';

export function DashboardPage() {
  return (
    <ComingSoon
      title="Dashboard"
      note="Figures for inquiries, contacts and posts arrive in a coming release."
    />
  );
}
