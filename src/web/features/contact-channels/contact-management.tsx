import { Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ContactChannel } from '../../../shared/contracts/contact-channels.ts';
import { CONTACT_CHANNEL_LABELS } from '../../../shared/rules/contact-channels.ts';
import { usePendingDelete } from '../../lib/use-pending-delete.ts';
import { AddButton, Button } from '../../ui/button.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, ListContent } from '../../ui/list-content.tsx';
import { Announcement, ListHeading } from '../../ui/list-heading.tsx';
import { useContactChannels, useDeleteContactChannel } from './api.ts';
import { ContactChannelForm } from './contact-channel-form.tsx';
import { ContactChannelItem } from './contact-channel-item.tsx';

const FORM_ID = 'add-contact-form';

/** The Contact Management screen: add, edit, toggle, reorder and delete the published contact channels. */
export function ContactManagement() {
  const contacts = useContactChannels();
  const [formOpen, setFormOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);
  const removal = usePendingDelete<ContactChannel>(useDeleteContactChannel(), {
    onDeleted: (channel) => {
      deleted.current = true;
      toast.success('Contact deleted successfully');
      setAnnouncement(`${CONTACT_CHANNEL_LABELS[channel.type]} deleted.`);
    },
    failedMessage: () => 'Failed to delete contact',
  });

  const closeForm = () => {
    setFormOpen(false);
    requestAnimationFrame(() => toggleRef.current?.focus());
  };

  const list = contacts.data ?? [];

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Contact Management</h1>
          <p className="mt-1 text-slate-600">Manage your contact information &amp; social media links</p>
        </div>
        <Button
          ref={toggleRef}
          variant={formOpen ? 'secondary' : 'primary'}
          aria-expanded={formOpen}
          aria-controls={formOpen ? FORM_ID : undefined}
          onClick={() => (formOpen ? closeForm() : setFormOpen(true))}
          className="w-full sm:w-auto"
        >
          {formOpen ? (
            <X aria-hidden="true" className="size-4" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          {formOpen ? 'Cancel' : 'Add New Contact'}
        </Button>
      </header>

      {formOpen && <ContactChannelForm id={FORM_ID} onAdded={closeForm} />}

      <section aria-labelledby="all-contacts-heading" className="space-y-3">
        <ListHeading
          id="all-contacts-heading"
          ref={listHeadingRef}
          className="text-lg font-semibold text-slate-900"
        >
          {contacts.isSuccess ? `All Contacts (${list.length})` : 'All Contacts'}
        </ListHeading>
        <Announcement>{announcement}</Announcement>
        <ListContent
          query={contacts}
          noun="contacts"
          failed={contacts.isError && list.length === 0}
          announceFailure={false}
          empty={
            list.length === 0 && (
              <EmptyState
                title="No contacts found"
                action={
                  !formOpen && (
                    <AddButton className="mt-4" onClick={() => setFormOpen(true)}>
                      Add Contact
                    </AddButton>
                  )
                }
              >
                Add your first contact to get started
              </EmptyState>
            )
          }
        >
          <ul aria-labelledby="all-contacts-heading" className="space-y-3">
            {list.map((channel, index) => (
              <ContactChannelItem
                key={channel._id}
                channel={channel}
                index={index}
                count={list.length}
                onAnnounce={setAnnouncement}
                onDelete={removal.ask}
              />
            ))}
          </ul>
        </ListContent>
      </section>

      <ConfirmDeleteDialog
        {...removal.dialog}
        title="Delete contact"
        description="Are you sure you want to delete this contact?"
        onCloseAutoFocus={(event) => {
          // The deleted row's button is gone; the list heading is the nearest sensible place.
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          listHeadingRef.current?.focus();
        }}
      />
    </div>
  );
}
