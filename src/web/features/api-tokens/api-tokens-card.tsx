import { KeyRound, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { ApiToken } from '../../../shared/contracts/api-tokens.ts';
import { API_TOKEN_ACCESS_LABELS, API_TOKEN_MESSAGES } from '../../../shared/rules/api-tokens.ts';
import { ROLE_LABELS, type Role } from '../../../shared/rules/roles.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { usePendingDelete } from '../../lib/use-pending-delete.ts';
import { AddButton, Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { CardQueryList } from '../../ui/query-content.tsx';
import { useApiTokens, useRevokeApiToken } from './api.ts';
import { ApiTokenCreateDialog } from './api-token-create-dialog.tsx';
import { isExpired } from './api-token-form.ts';

function TokenRow({ token, now, onRevoke }: { token: ApiToken; now: Date; onRevoke: () => void }) {
  const id = useId();
  const expired = isExpired(token, now);
  return (
    <li aria-labelledby={id} className="space-y-2 py-3">
      <p className="flex items-start gap-2">
        <KeyRound aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-600" />
        <span id={id} className="min-w-0 font-medium break-words text-slate-900">
          {token.name}
        </span>
      </p>
      <p className="flex flex-wrap gap-2">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {ROLE_LABELS[token.role]}
        </span>
        <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
          {API_TOKEN_ACCESS_LABELS[token.access]}
        </span>
        {expired && (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">Expired</span>
        )}
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Created</dt>
          <dd className="text-slate-800">
            <DateTime value={token.createdAt} style="date" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{expired ? 'Expired' : 'Expires'}</dt>
          <dd className="text-slate-800">
            <DateTime value={token.expiresAt} style="date" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Last used</dt>
          <dd className="text-slate-800">
            {token.lastUsedAt ? <DateTime value={token.lastUsedAt} /> : 'Never used'}
          </dd>
        </div>
      </dl>
      <Button variant="ghost" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
        <Trash2 aria-hidden="true" className="size-4" />
        Revoke
      </Button>
    </li>
  );
}

/** My Profile's API tokens: the user's own, "Create token" (shown once) and revoking. */
export function ApiTokensCard({ role }: { role: Role }) {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const revoke = useRevokeApiToken();
  const revocation = usePendingDelete<ApiToken>(revoke, {
    onDeleted: () => toast.success(API_TOKEN_MESSAGES.revoked),
    failedMessage: (error) => errorMessage(error, 'The token could not be revoked'),
    describe: (token) =>
      `${token.name} stops working at once, for every tool that uses it. This cannot be undone.`,
  });
  const now = new Date();

  return (
    <Card titleId="api-tokens-title" title="API tokens">
      <p className="mt-1 text-sm text-slate-600">
        Personal tokens let a tool (a spreadsheet, a CRM, a script) use the admin API as you, with the role
        and access you give each one. Tokens cannot change your account, the team, sign-in settings, webhooks
        or backups: those need you signed in.
      </p>
      <AddButton className="mt-3" onClick={() => setCreating(true)}>
        Create token
      </AddButton>
      <CardQueryList query={tokens} noun="API tokens" label="Your API tokens" empty="You have no API token.">
        {(token) => (
          <TokenRow key={token._id} token={token} now={now} onRevoke={() => revocation.ask(token)} />
        )}
      </CardQueryList>
      <ApiTokenCreateDialog open={creating} role={role} onClose={() => setCreating(false)} />
      <ConfirmDialog
        {...revocation.dialog}
        title="Revoke this token?"
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
      />
    </Card>
  );
}
