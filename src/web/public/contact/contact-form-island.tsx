import { createRoot, type Root } from 'react-dom/client';
import { INQUIRY_SERVICES, type InquiryService } from '../../../shared/rules/contact-inquiries.ts';
import type { Namespace } from '../../i18n/catalogues.ts';
import { IslandIntl, loadIslandLanguage } from '../island-language.tsx';
import { defineIsland } from '../islands.ts';
import { ContactFormDialog, type ContactFormRequest } from './contact-form-dialog.tsx';

/**
 * The contact page's form island (decision 062): React, the form and its texts, fetched when a visitor reaches
 * for a "Send message" button or a service tile (public/islands.ts), rendered on a root of its own at the end
 * of the page. It stays mounted once opened, so what was typed survives closing the dialog.
 */

/** The catalogues the dialog's texts come from. */
const NAMESPACES: readonly Namespace[] = ['contact', 'challenge', 'countries'];

interface FormState {
  open: boolean;
  request: ContactFormRequest;
}

/** The service a tile names in its value; the "Send message" buttons name none. */
function serviceOf(mark: HTMLElement): InquiryService | null {
  const value = mark.getAttribute('value');
  return INQUIRY_SERVICES.find((service) => service === value) ?? null;
}

async function mountForm(): Promise<(state: FormState) => void> {
  const language = await loadIslandLanguage(NAMESPACES);
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const render = (state: FormState) =>
    root.render(
      <IslandIntl language={language}>
        <ContactFormDialog
          open={state.open}
          request={state.request}
          onClose={() => render({ ...state, open: false })}
        />
      </IslandIntl>,
    );
  return render;
}

let form: Promise<(state: FormState) => void> | undefined;
let opened = 0;

defineIsland('contact-form', async (mark) => {
  form ??= mountForm().catch((error: unknown) => {
    form = undefined;
    throw error;
  });
  const render = await form;
  opened += 1;
  render({ open: true, request: { id: opened, service: serviceOf(mark) } });
});
