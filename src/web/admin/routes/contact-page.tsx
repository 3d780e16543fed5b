import { ContactManagement } from '../../features/contact-channels/contact-management.tsx';

export function ContactPage() {
  return (
    <>
      <title>Contact Management · Sampark Admin</title>
      <ContactManagement />
    </>
  );
}
