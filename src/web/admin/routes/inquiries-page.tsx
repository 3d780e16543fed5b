import { ComingSoon } from './page-header.tsx';

export function InquiriesPage() {
  return <ComingSoon title="Contact Inquiries" note="The inquiry inbox arrives in a coming release." />;
}
