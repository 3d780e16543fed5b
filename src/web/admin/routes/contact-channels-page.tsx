import { ContactManagement } from '../../features/contact-channels/contact-management.tsx';

/** The admin screen of the contact channels the public contact page lists. */
export function ContactChannelsPage() {
  return (
    <>
      <title>Contact Management · Sampark Admin</title>
      <ContactManagement />
    </>
  );
}
