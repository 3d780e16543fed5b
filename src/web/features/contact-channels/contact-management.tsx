import { Plus, RefreshCw, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ContactChannel } from '../../../shared/contracts/contact-channels.ts';
import { CONTACT_CHANNEL_LABELS } from '../../../shared/rules/contact-channels.ts';
import { isSessionError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { useContactChannels, useDeleteContactChannel } from './api.ts';
import { ContactChannelForm } from './contact-channel-form.tsx';
import { ContactChannelItem } from './contact-channel-item.tsx';

const FORM_ID = 'add-contact-form';

/** The Contact Management screen: add, edit, toggle, reorder and delete the published contact channels. */
export function ContactManagement() {
  const contacts = useContactChannels();
  const remove = useDeleteContactChannel();
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ContactChannel | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  const closeForm = () => {
    setFormOpen(false);
    requestAnimationFrame(() => toggleRef.current?.focus());
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const label = CONTACT_CHANNEL_LABELS[toDelete.type];
    remove.mutate(toDelete._id, {
      onSuccess: () => {
        deleted.current = true;
        toast.success('Contact deleted successfully');
        setAnnouncement(`${label} deleted.`);
      },
      onError: (error) => {
        if (!isSessionError(error)) toast.error('Failed to delete contact');
      },
      onSettled: () => setToDelete(null),
    });
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
        <h2
          id="all-contacts-heading"
          ref={listHeadingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900"
        >
          {contacts.isSuccess ? `All Contacts (${list.length})` : 'All Contacts'}
        </h2>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        {contacts.isPending ? (
          <LoadingState label="Loading contacts..." />
        ) : contacts.isError && list.length === 0 ? (
          <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
            <p className="font-medium text-red-800">The contacts could not be loaded.</p>
            <Button variant="secondary" className="mt-4" onClick={() => contacts.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium text-slate-900">No contacts found</p>
            <p className="mt-1 text-slate-600">Add your first contact to get started</p>
            {!formOpen && (
              <Button className="mt-4" onClick={() => setFormOpen(true)}>
                <Plus aria-hidden="true" className="size-4" />
                Add Contact
              </Button>
            )}
          </div>
        ) : (
          <ul aria-labelledby="all-contacts-heading" className="space-y-3">
            {list.map((channel, index) => (
              <ContactChannelItem
                key={channel._id}
                channel={channel}
                index={index}
                count={list.length}
                onAnnounce={setAnnouncement}
                onDelete={setToDelete}
              />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete contact"
        description="Are you sure you want to delete this contact?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
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
