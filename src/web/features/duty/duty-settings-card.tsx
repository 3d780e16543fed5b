import { useState } from 'react';
import { toast } from 'sonner';
import type { DutySettings } from '../../../shared/contracts/duty.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { Card } from '../../ui/card.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { SettingSwitch } from '../../ui/setting-switch.tsx';
import { useDutySettings, useSaveDutySettings } from './api.ts';

const SWITCH_ID = 'assign-inquiries-on-duty';

function AssignInquiriesSwitch({ settings }: { settings: DutySettings }) {
  const save = useSaveDutySettings();
  const [refusal, setRefusal] = useState<string | null>(null);
  const checked = save.isPending
    ? (save.variables?.assignInquiries ?? settings.assignInquiries)
    : settings.assignInquiries;
  const onCheckedChange = (on: boolean) => {
    setRefusal(null);
    save.mutateAsync({ assignInquiries: on }).then(
      (result) => toast.success(result.message),
      (error: unknown) => {
        if (!isSessionError(error)) setRefusal(errorMessage(error, 'The duty settings could not be saved'));
      },
    );
  };
  return (
    <SettingSwitch
      className="mt-3"
      id={SWITCH_ID}
      label="Assign new inquiries to whoever is on duty"
      hint="Each inquiry sent through the contact form goes to an agent or administrator on duty, in turn by their shares, as the site's WhatsApp and Call buttons do. With nobody on duty it waits unassigned."
      checked={checked}
      disabled={save.isPending}
      refusal={refusal}
      onCheckedChange={onCheckedChange}
    />
  );
}

/** Settings' On duty card: how the roster is used beyond the site's buttons (decision 076). */
export function DutySettingsCard() {
  const settings = useDutySettings();
  return (
    <Card titleId="duty-settings-title" title="On duty">
      <QueryContent query={settings} noun="duty settings" look="card">
        {(data) => <AssignInquiriesSwitch settings={data} />}
      </QueryContent>
    </Card>
  );
}
