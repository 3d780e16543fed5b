import { ArrowDown, ArrowUp, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ContactChannel } from '../../../shared/contracts/contact-channels.ts';
import { buildChannelLink } from '../../../shared/rules/channel-links.ts';
import { CONTACT_CHANNEL_LABELS } from '../../../shared/rules/contact-channels.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Switch } from '../../ui/switch.tsx';
import { useUpdateContactChannel } from './api.ts';
import { ChannelIcon } from './channel-icon.tsx';
import { ContactChannelEditForm } from './contact-channel-edit-form.tsx';

type Direction = 'up' | 'down';

const MOVES = [
  { direction: 'up', Icon: ArrowUp },
  { direction: 'down', Icon: ArrowDown },
] as const satisfies readonly { direction: Direction; Icon: unknown }[];

export interface ContactChannelItemProps {
  channel: ContactChannel;
  index: number;
  count: number;
  onAnnounce: (message: string) => void;
  onDelete: (channel: ContactChannel) => void;
}

export function ContactChannelItem({ channel, index, count, onAnnounce, onDelete }: ContactChannelItemProps) {
  const update = useUpdateContactChannel();
  const [editing, setEditing] = useState(false);
  const label = CONTACT_CHANNEL_LABELS[channel.type];
  // Two channels of one type must not share a name for screen readers: the value tells them apart.
  const name = `${label} ${channel.value}`;
  const valueId = `contact-${channel._id}-value`;
  const href = buildChannelLink(channel.type, channel.value);

  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const focusAfterMove = useRef<Direction | null>(null);

  // The row moves in the DOM when it is reordered; keep keyboard focus on the button that was pressed
  // (or its twin when the row reached the top or the bottom).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the row's place changes
  useLayoutEffect(() => {
    const direction = focusAfterMove.current;
    if (direction === null) return;
    focusAfterMove.current = null;
    const [pressed, other] = direction === 'up' ? [upRef, downRef] : [downRef, upRef];
    (pressed.current?.disabled ? other.current : pressed.current)?.focus();
  }, [index]);

  const move = (direction: Direction) => {
    // Ignored rather than disabled while a change is on its way: a disabled button would drop the focus.
    if (update.isPending) return;
    const position = direction === 'up' ? index - 1 : index + 1;
    focusAfterMove.current = direction;
    update.mutate(
      { id: channel._id, changes: { position } },
      {
        onSuccess: () => onAnnounce(`${label} moved to position ${position + 1} of ${count}.`),
        onError: (error) => {
          if (!isSessionError(error)) toast.error(errorMessage(error, 'Failed to move contact'));
        },
      },
    );
  };

  const toggle = (isActive: boolean) => {
    update.mutate(
      { id: channel._id, changes: { isActive } },
      {
        onSuccess: () => toast.success(isActive ? 'Contact activated' : 'Contact deactivated'),
        onError: (error) => {
          if (!isSessionError(error)) toast.error(errorMessage(error, 'Failed to update contact'));
        },
      },
    );
  };

  const closeEditor = () => {
    setEditing(false);
    // The editor unmounts; focus goes back to the button that opened it.
    requestAnimationFrame(() => editRef.current?.focus());
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex gap-3">
        <ChannelIcon type={channel.type} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900">{label}</h3>
            {channel.isActive ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
                Active
              </span>
            ) : (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                Inactive
              </span>
            )}
          </div>
          {editing ? (
            <ContactChannelEditForm channel={channel} onClose={closeEditor} />
          ) : (
            <>
              <p id={valueId} className="mt-1 break-all text-slate-700">
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-indigo-700 underline-offset-2 hover:underline"
                  >
                    {channel.display}
                    <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  channel.display
                )}
              </p>
              {channel.proof && <p className="mt-1 text-sm break-words text-slate-600">{channel.proof}</p>}
              {channel.proofHi && (
                <p lang="hi" className="mt-1 text-sm break-words text-slate-600">
                  {channel.proofHi}
                </p>
              )}
              {channel.showProof && (channel.proof || channel.proofHi) && (
                <p className="mt-1 text-xs font-medium text-slate-600">Shown on the contact page</p>
              )}
            </>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <div className="flex items-center gap-2">
          <Switch
            aria-label={`${name} active`}
            aria-describedby={editing ? undefined : valueId}
            checked={channel.isActive}
            onCheckedChange={toggle}
          />
          <span aria-hidden="true" className="text-sm text-slate-600">
            {channel.isActive ? 'Active' : 'Inactive'}
          </span>
        </div>
        <div className="flex items-center">
          {MOVES.map(({ direction, Icon }) => (
            <Button
              key={direction}
              ref={direction === 'up' ? upRef : downRef}
              variant="ghost"
              size="icon"
              aria-label={`Move ${name} ${direction}`}
              aria-describedby={editing ? undefined : valueId}
              disabled={direction === 'up' ? index === 0 : index === count - 1}
              onClick={() => move(direction)}
            >
              <Icon aria-hidden="true" className="size-5" />
            </Button>
          ))}
          <Button
            ref={editRef}
            variant="ghost"
            size="icon"
            aria-label={`Edit ${name}`}
            aria-describedby={editing ? undefined : valueId}
            aria-expanded={editing}
            onClick={() => (editing ? closeEditor() : setEditing(true))}
          >
            <Pencil aria-hidden="true" className="size-5" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-red-600 hover:bg-red-50"
            aria-label={`Delete ${name}`}
            aria-describedby={editing ? undefined : valueId}
            onClick={() => onDelete(channel)}
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>
    </li>
  );
}
