import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { DutyShare } from '../../../shared/contracts/duty.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useDutyShares, useSaveDutyWeight } from './api.ts';

/** Where a member stands now, in a few words. */
function stateOf(member: DutyShare): string {
  if (member.away) return 'Away';
  if (!member.hasWhatsapp && !member.hasPhone) return 'No numbers set';
  return member.onDutyNow ? 'On duty now' : 'Off duty now';
}

/** One member: their state, and their share of the visitors, saved on its own. */
function ShareRow({ member }: { member: DutyShare }) {
  const save = useSaveDutyWeight();
  const [weight, setWeight] = useState(String(member.weight));
  const [refusal, setRefusal] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    save.mutateAsync({ adminId: member.adminId, weight: Number(weight) }).then(
      (result) => toast.success(`${result.message}: ${member.name}, ${result.weight}`),
      (error: unknown) => {
        if (!isSessionError(error)) setRefusal(errorMessage(error, 'The share could not be saved'));
      },
    );
  };
  return (
    <li className="py-3">
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-end gap-3"
      >
        <div className="min-w-0 self-center">
          <p className="font-medium break-words text-slate-900">{member.name}</p>
          <p className="text-sm text-slate-600">{stateOf(member)}</p>
        </div>
        <TextField
          label={`Share, ${member.name}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          value={weight}
          onChange={(event) => setWeight(event.target.value)}
          error={refusal}
        />
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </li>
  );
}

/**
 * The Team screen's On duty card (decision 076): each agent and administrator, whether they are on duty now,
 * and their share of the visitors the site's WhatsApp and Call buttons (and, when on, new inquiries) send
 * to those on duty. Members set their own hours and numbers in My Profile.
 */
export function DutySharesCard() {
  const query = useDutyShares();
  return (
    <Card titleId="duty-shares-title" title="On duty">
      <p className="mt-1 text-sm text-slate-600">
        A share from 1 to 10: a member with 2 is sent twice the visitors of one with 1 while both are on duty.
      </p>
      <QueryContent query={query} noun="who is on duty" look="card">
        {(members) =>
          members.length === 0 ? (
            <p className="py-4 text-sm text-slate-600">No agents or administrators yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {members.map((member) => (
                <ShareRow key={member.adminId} member={member} />
              ))}
            </ul>
          )
        }
      </QueryContent>
    </Card>
  );
}
