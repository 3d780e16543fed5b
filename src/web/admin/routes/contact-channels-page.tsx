import { ContactManagement } from '../../features/contact-channels/contact-management.tsx';
import { AdminTitle } from '../admin-brand.tsx';

/** The admin screen of the contact channels the public contact page lists. */
export function ContactChannelsPage() {
  return (
    <>
      <AdminTitle title="Contact Management" />
      <ContactManagement />
    </>
  );
}
