/**
 * The landing page's texts are in the `landing` message catalogue (messages/{en,hi}/landing.json). This type
 * is left for contact.ts's FAQ until that page moves to a catalogue too; delete this file with it.
 */
export interface FaqEntry {
  question: string;
  answer: string;
}
