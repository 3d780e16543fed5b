import { ACCOUNT_DELETION_COPY } from '../../content/account-deletion.ts';
import { DeleteAccountForm } from '../account-deletion/delete-account-form.tsx';
import { staticHead } from '../page-head.ts';
import { useCopy } from '../site-settings-data.ts';
import { TextLinks, TextPage } from '../ui/text-page.tsx';

const COPY = ACCOUNT_DELETION_COPY;

export const handle = staticHead(COPY.meta, '/delete-account');

const HELP_LINKS = [
  { to: '/contact', label: COPY.contactLink },
  { to: '/privacy', label: COPY.privacyLink },
];

/**
 * /delete-account: a member deletes their own account (SPEC "Account deletion page"). What the app stores ask
 * of such a page: the app's name (the brand from the site settings), the way to delete first and prominent,
 * and what is deleted, what is kept, why and for how long.
 */
export function DeleteAccountPage() {
  const fill = useCopy();
  return (
    <TextPage heading={fill(COPY.heading)} lead={fill(COPY.lead)}>
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <DeleteAccountForm />
        <div className="space-y-4">
          <section
            aria-labelledby="deletion-steps"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="deletion-steps" className="text-lg font-semibold text-slate-900">
              {COPY.steps.heading}
            </h2>
            <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-700">
              {COPY.steps.items.map((item) => (
                <li key={item}>{fill(item)}</li>
              ))}
            </ol>
          </section>
          {COPY.sections.map((section) => (
            <section
              key={section.id}
              aria-labelledby={`deletion-${section.id}`}
              className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <h2 id={`deletion-${section.id}`} className="text-lg font-semibold text-slate-900">
                {section.title}
              </h2>
              <div className="mt-2 space-y-2 text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{fill(paragraph)}</p>
                ))}
                {'items' in section && section.items && (
                  <ul className="list-disc space-y-1 pl-5">
                    {section.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
                {'closing' in section && <p>{section.closing}</p>}
              </div>
              {section.id === 'messages' && <TextLinks links={HELP_LINKS} className="mt-3" />}
            </section>
          ))}
        </div>
      </div>
    </TextPage>
  );
}
