/**
 * Contact inquiries' values, limits and texts without zod: the public contact page uses them without a schema
 * library. The API's schemas are in contracts/contact-inquiry-form.ts (the public form) and
 * contracts/contact-inquiries.ts (the back office's inbox).
 */
import { EMAIL_MAX_LENGTH } from './fields.ts';

export const INQUIRY_SERVICES = [
  'business-consultation',
  'digital-marketing',
  'technical-support',
  'financial-advisory',
  'other',
] as const;
export type InquiryService = (typeof INQUIRY_SERVICES)[number];

export const INQUIRY_SERVICE_LABELS: Record<InquiryService, string> = {
  'business-consultation': 'Business Consultation',
  'digital-marketing': 'Digital Marketing',
  'technical-support': 'Technical Support',
  'financial-advisory': 'Financial Advisory',
  other: 'Other',
};

export const INQUIRY_STATUSES = ['new', 'in-progress', 'resolved', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  'in-progress': 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const INQUIRY_LIMITS = {
  name: 100,
  phone: 30,
  email: EMAIL_MAX_LENGTH,
  city: 100,
  query: 2000,
} as const;

export const INQUIRY_SUCCESS_MESSAGE = "Message sent successfully! We'll contact you soon.";
export const INQUIRY_FAILURE_MESSAGE = 'Failed to submit inquiry. Please try again.';

/** Search totals are counted up to this many; above it the total is shown as "10,000+". */
export const INQUIRY_TOTAL_CAP = 10_000;
export const INQUIRY_PAGE_SIZE = 20;
export const INQUIRY_PAGE_SIZE_MAX = 100;
export const INQUIRY_SEARCH_MAX_LENGTH = 200;

export const INQUIRY_MESSAGES = {
  statusUpdated: 'Status updated successfully',
  statusFailed: 'Failed to update status',
  deleted: 'Inquiry deleted successfully',
  deleteFailed: 'Failed to delete inquiry',
  loadFailed: 'Failed to load inquiries',
  markedRead: 'Inquiry marked as read',
  markedUnread: 'Inquiry marked as unread',
  notFound: 'Inquiry not found',
  deleteConfirm: 'Are you sure you want to delete this inquiry?',
} as const;

/** The inbox's assignment filter: `me` is the signed-in user's inquiries, `none` the unassigned ones. */
export const INQUIRY_ASSIGNED_FILTERS = ['me', 'none'] as const;
export type InquiryAssignedFilter = (typeof INQUIRY_ASSIGNED_FILTERS)[number];

export const INQUIRY_ASSIGNED_FILTER_LABELS: Record<InquiryAssignedFilter, string> = {
  me: 'Assigned to me',
  none: 'Unassigned',
};

/** A private note's longest text. */
export const INQUIRY_NOTE_MAX_LENGTH = 5000;

/** The history shows at most this many of an inquiry's newest entries. */
export const INQUIRY_HISTORY_LIMIT = 200;

/** The inbox's ways to answer a visitor (reply-links.ts); opening one is kept in the inquiry's history. */
export const INQUIRY_REPLY_CHANNELS = ['whatsapp', 'call', 'sms', 'email'] as const;
export type InquiryReplyChannel = (typeof INQUIRY_REPLY_CHANNELS)[number];

export const INQUIRY_TEAM_MESSAGES = {
  noteAdded: 'Note added',
  noteUpdated: 'Note updated',
  noteDeleted: 'Note deleted',
  noteNotFound: 'Note not found',
  notYourNoteToEdit: 'You can only edit your own notes',
  notYourNoteToDelete: 'You can only delete your own notes',
  noteDeleteConfirm: 'Delete this note? This cannot be undone.',
  assigned: 'Inquiry assigned',
  unassigned: 'Inquiry unassigned',
  /** An unknown, disabled or editor account: the same words, so the answer tells nothing more. */
  cannotBeAssigned: 'Choose an active team member who can use the inbox',
  replyLinkRecorded: 'Reply link recorded',
} as const;
