import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { DELETION_RETENTION_DAYS } from '../../../shared/rules/account-deletion.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { serverDataContext } from '../../server-context.ts';
import { DeleteAccountForm } from '../account-deletion/delete-account-form.tsx';
import { IslandRoot } from '../island-root.tsx';
import { staticHead } from '../page-head.ts';
import { Card } from '../ui/card.tsx';
import { TextLinks, TextPage } from '../ui/text-page.tsx';

/** The cards beside the form. */
const SIDE_CARD = {
  className: 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200',
  headingClassName: 'text-lg font-semibold text-slate-900',
};

/** The texts' retention: "up to 30 days". */
const RETENTION = { days: DELETION_RETENTION_DAYS };

export const handle = staticHead('account-deletion', '/delete-account', ({ copy }) => ({
  description: copy('account-deletion', 'meta.description', RETENTION),
}));

/**
 * The answer to the form just posted without script (decision 052), if it was. The form's island hydrates
 * with what the server put in its root (decision 062).
 */
export function loader({ context }: LoaderFunctionArgs) {
  return serverDataContext(context).postedDeletion ?? null;
}

/**
 * The explanations beside the form, in their order (texts in the `account-deletion` catalogue's `sections`),
 * with the lists each has.
 */
const SECTIONS = [
  { id: 'deleted', items: 'sections.deleted.items' },
  { id: 'kept', items: 'sections.kept.items', closing: 'sections.kept.closing' },
  { id: 'reuse' },
  { id: 'messages', helpLinks: true },
] as const;

/**
 * /delete-account: a member deletes their own account (decisions 011 and 052). What the app stores ask
 * of such a page: the app's name (the brand from the site settings), the way to delete first and prominent,
 * and what is deleted, what is kept, why and for how long. The form is the page's island (decision 062); the
 * rest is HTML.
 */
export function DeleteAccountPage() {
  const posted = useLoaderData<typeof loader>();
  const copy = useCopy('account-deletion');
  const localize = useLocalize();
  const items = (count: number) => Array.from({ length: count }, (_, index) => index);
  const helpLinks = [
    { to: localize('/contact'), label: copy('contactLink') },
    { to: localize('/privacy'), label: copy('privacyLink') },
  ];
  return (
    <TextPage heading={copy('heading')} lead={copy('lead')}>
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <IslandRoot island="delete-account" props={posted}>
          <DeleteAccountForm posted={posted} />
        </IslandRoot>
        <div className="space-y-4">
          <Card headingId="deletion-steps" heading={copy('steps.heading')} {...SIDE_CARD}>
            <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-700">
              {items(copy.count('steps.items')).map((index) => (
                <li key={index}>{copy(`steps.items.${index}`)}</li>
              ))}
            </ol>
          </Card>
          {SECTIONS.map((section) => (
            <Card
              key={section.id}
              headingId={`deletion-${section.id}`}
              heading={copy(`sections.${section.id}.title`)}
              {...SIDE_CARD}
            >
              <div className="mt-2 space-y-2 text-slate-700">
                {items(copy.count(`sections.${section.id}.paragraphs`)).map((index) => (
                  <p key={index}>{copy(`sections.${section.id}.paragraphs.${index}`, RETENTION)}</p>
                ))}
                {'items' in section && (
                  <ul className="list-disc space-y-1 pl-5">
                    {items(copy.count(section.items)).map((index) => (
                      <li key={index}>{copy(`${section.items}.${index}`)}</li>
                    ))}
                  </ul>
                )}
                {'closing' in section && <p>{copy(section.closing, RETENTION)}</p>}
              </div>
              {'helpLinks' in section && <TextLinks links={helpLinks} className="mt-3" />}
            </Card>
          ))}
        </div>
      </div>
    </TextPage>
  );
}
