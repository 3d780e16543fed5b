import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BlogPostValues } from '../shared/contracts/blog.ts';
import { createBlogPostRepository } from './features/blog/repository.ts';
import { inquiryRepository } from './test-support/inquiry-repository.ts';
import {
  asAdmin,
  createMember,
  signedInAppForEachTest,
  TEST_ADMIN,
  TEST_DIALECTS,
  TEST_MEMBER,
} from './test-support/test-app.ts';

/**
 * Every input of every operation in /api/openapi.json, sent with control characters in it: no answer is a
 * 5xx (PostgreSQL refuses U+0000 outright), text is refused with a 400 naming the field, and only fields
 * typed on several lines take tabs and line breaks.
 */

const CONTROL_MESSAGE = /^.+ must not contain control characters$/;
/** Refused in any text: C0 controls but tab, CR and LF; DEL; C1 controls; lone surrogates (broken text). */
const ALWAYS_REFUSED = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
];
const LONE_SURROGATES = ['\ud800', '\udfff'];
/** Refused on one line, taken where the field is multi-line. */
const LINE_CHARACTERS = ['\t', '\n', '\r', '\u2028', '\u2029'];

interface Ids {
  contact: string;
  inquiry: string;
  blog: string;
  blogSlug: string;
  /** The first revision of `blog`. */
  blogRevision: string;
  member: string;
  /** The signed-in administrator: the team's routes take a user id, assignment too. */
  user: string;
  /** The signed-in admin's own note on `inquiry`. */
  note: string;
  /** A reply template of the team's. */
  template: string;
}

interface ValidRequest {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/**
 * How an operation must answer a control character in one input:
 * - `text`: 400 with the rule's message on the field (`multi`: tab and line breaks are taken, 2xx);
 * - `coded`: a value from a list or of a pattern (enum, number, handle...): 400 naming the field, or taken
 *   when it still means the same (a number with a tab after it);
 * - `id`: a malformed id: 400 naming `id`; `slug`: a slug that cannot exist: 404;
 * - `verified`: a password checked, never stored: answered like any wrong password;
 * - `honeypot`: a bot's field: the fake success.
 */
type Expectation = 'text' | 'multi' | 'coded' | 'id' | 'slug' | 'verified' | 'honeypot';

interface Operation {
  request: (ids: Ids, serial: number) => ValidRequest;
  /** `body:name`, `body:businessHours.0.days`, `query:q` or `path:id`, and how a control character there is answered. */
  inputs: Record<string, Expectation>;
  /** The answer to a wrong password, for `verified` inputs. */
  wrongPassword?: { status: number; field?: string };
}

const inquiryBody = () => ({
  name: 'Asha Verma',
  phone: '+91 98765 43210',
  email: 'asha@example.com',
  city: 'Pune',
  query: 'Can you help?',
  service: 'technical-support' as const,
});
const blogBody = (serial: number): BlogPostValues => ({
  title: 'A title',
  description: 'A short preview',
  content: '# Hello\n\nSome **Markdown**.',
  slug: `text-input-${serial}`,
  category: 'Technology',
  image: 'https://example.com/a.png',
  imageAlt: 'A lighthouse at dusk',
  author: 'Asha',
  isPublished: true,
  scheduledAt: null,
  language: 'en',
  translationId: null,
});
const settingsBody = () => ({
  brandName: 'Apna Support',
  supportEmail: 'help@apna.example',
  businessHours: [
    { days: 'Every day', hours: '8:00 AM - 10:00 PM', daysHi: 'हर दिन', hoursHi: 'सुबह 8:00 - रात 10:00' },
  ],
  usersCount: '12K+',
  rating: '4.6',
  competitorName: 'Others',
  timeZone: 'Asia/Kolkata',
});
const blogPostInputs = {
  'body:title': 'text',
  'body:description': 'multi',
  'body:content': 'multi',
  'body:slug': 'text',
  'body:category': 'coded',
  'body:image': 'text',
  'body:imageAlt': 'text',
  'body:author': 'text',
  'body:isPublished': 'coded',
  'body:scheduledAt': 'coded',
  'body:language': 'coded',
  // A malformed id of the linked post, as a path's id is.
  'body:translationId': 'id',
} as const;

/** An operation whose one input is the id in its path. */
const onlyTheId = (kind: 'contact' | 'inquiry' | 'blog' | 'member' | 'user'): Operation => ({
  request: (ids) => ({ path: { id: ids[kind] } }),
  inputs: { 'path:id': 'id' },
});

/** A device id of the right shape: the id is the only input of the routes that take one. */
const UNKNOWN_DEVICE_ID = '0190a000-0000-7000-8000-000000000000';

/** A webhook (and delivery) id of the right shape: checked before anything is looked up. */
const UNKNOWN_WEBHOOK_ID = '0190a000-0000-7000-8000-000000000001';
const UNKNOWN_POSTER_ID = '0190a000-0000-7000-8000-000000000002';
const templateBody = () => ({ title: 'Price quote', body: 'Hello {name},\ncosts [[price]]', language: 'en' });
const templateInputs = { 'body:title': 'text', 'body:body': 'multi', 'body:language': 'coded' } as const;
const posterBody = (serial: number) => ({
  name: 'Counter at the shop',
  tag: `counter-${serial}`,
  channelId: null,
  language: 'hi',
  size: 'A5',
});
const posterInputs = {
  'body:name': 'text',
  'body:tag': 'text',
  'body:channelId': 'id',
  'body:language': 'coded',
  'body:size': 'coded',
} as const;
const webhookBody = () => ({
  url: 'https://hooks.example.com/sampark',
  description: 'Our CRM',
  events: ['inquiry.created'],
});
const webhookInputs = {
  'body:url': 'text',
  'body:description': 'text',
  'body:events.0': 'coded',
} as const;

/** Keyed as the OpenAPI description names them. */
const OPERATIONS: Record<string, Operation> = {
  'PUT /api/admin/backups/destination': {
    request: () => ({
      body: {
        // A public address written as one: no lookup.
        endpoint: 'https://93.184.215.14',
        region: 'us-east-1',
        bucket: 'sampark-backups',
        prefix: 'shop/daily',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'a secret access key',
        forcePathStyle: true,
        recipient: 'age1893uew76407lcmzt0l7d4zsyvqjmmu359e7h2xzhw8vfcy0yts4q9ml54e',
      },
    }),
    inputs: {
      'body:endpoint': 'text',
      'body:region': 'coded',
      'body:bucket': 'coded',
      'body:prefix': 'coded',
      'body:accessKeyId': 'text',
      'body:secretAccessKey': 'text',
      'body:forcePathStyle': 'coded',
      'body:recipient': 'coded',
    },
  },
  'POST /api/admin/webhooks': { request: () => ({ body: webhookBody() }), inputs: webhookInputs },
  'PATCH /api/admin/webhooks/{id}': {
    request: () => ({ path: { id: UNKNOWN_WEBHOOK_ID }, body: { ...webhookBody(), enabled: true } }),
    inputs: { 'path:id': 'id', ...webhookInputs, 'body:enabled': 'coded' },
  },
  'DELETE /api/admin/webhooks/{id}': {
    request: () => ({ path: { id: UNKNOWN_WEBHOOK_ID } }),
    inputs: { 'path:id': 'id' },
  },
  'GET /api/admin/webhooks/{id}/deliveries': {
    request: () => ({ path: { id: UNKNOWN_WEBHOOK_ID } }),
    inputs: { 'path:id': 'id' },
  },
  'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
    request: () => ({ path: { id: UNKNOWN_WEBHOOK_ID, deliveryId: UNKNOWN_WEBHOOK_ID } }),
    inputs: { 'path:id': 'id', 'path:deliveryId': 'id' },
  },
  'POST /api/admin/login': {
    request: () => ({ body: { ...TEST_ADMIN } }),
    inputs: { 'body:email': 'text', 'body:password': 'verified' },
    wrongPassword: { status: 401 },
  },
  'POST /api/admin/password': {
    request: () => ({ body: { currentPassword: TEST_ADMIN.password, newPassword: 'a new long password' } }),
    inputs: { 'body:currentPassword': 'verified', 'body:newPassword': 'text' },
    wrongPassword: { status: 400, field: 'currentPassword' },
  },
  'POST /api/admin/reauthenticate': {
    request: () => ({ body: { password: TEST_ADMIN.password } }),
    inputs: { 'body:password': 'verified' },
    wrongPassword: { status: 400, field: 'password' },
  },
  'POST /api/admin/login/two-factor': {
    request: () => ({ body: { code: '123456', recoveryCode: 'abcd-efgh-jkmn' } }),
    inputs: { 'body:code': 'coded', 'body:recoveryCode': 'coded' },
  },
  'POST /api/admin/two-factor/enable': {
    request: () => ({ body: { code: '123456' } }),
    inputs: { 'body:code': 'coded' },
  },
  'POST /api/admin/two-factor/recovery-codes': {
    request: () => ({ body: { code: '123456' } }),
    inputs: { 'body:code': 'coded' },
  },
  'POST /api/admin/two-factor/disable': {
    request: () => ({ body: { password: TEST_ADMIN.password } }),
    inputs: { 'body:password': 'verified' },
    wrongPassword: { status: 400, field: 'password' },
  },
  'DELETE /api/admin/users/{id}/two-factor': {
    request: () => ({ path: { id: UNKNOWN_DEVICE_ID } }),
    inputs: { 'path:id': 'id' },
  },
  'PUT /api/admin/settings/sign-in': {
    request: () => ({ body: { requireTwoFactorForAdministrators: false } }),
    inputs: { 'body:requireTwoFactorForAdministrators': 'coded' },
  },
  'POST /api/contacts': {
    request: () => ({
      body: {
        type: 'phone',
        value: '+91 98765 43210',
        isActive: true,
        proof: 'Verified',
        proofHi: 'जाँचा हुआ',
        showProof: true,
      },
    }),
    inputs: {
      'body:type': 'coded',
      'body:value': 'text',
      'body:isActive': 'coded',
      'body:proof': 'text',
      'body:proofHi': 'text',
      'body:showProof': 'coded',
    },
  },
  'PATCH /api/contacts/{id}': {
    request: (ids) => ({
      path: { id: ids.contact },
      body: {
        value: '+91 98765 43210',
        proof: 'Verified',
        proofHi: 'जाँचा हुआ',
        showProof: true,
        isActive: true,
        position: 0,
      },
    }),
    inputs: {
      'path:id': 'id',
      'body:value': 'text',
      'body:proof': 'text',
      'body:proofHi': 'text',
      'body:showProof': 'coded',
      'body:isActive': 'coded',
      'body:position': 'coded',
    },
  },
  'DELETE /api/contacts/{id}': onlyTheId('contact'),
  'PUT /api/admin/settings': {
    request: () => ({ body: settingsBody() }),
    inputs: {
      'body:brandName': 'text',
      'body:supportEmail': 'text',
      'body:businessHours.0.days': 'text',
      'body:businessHours.0.hours': 'text',
      'body:businessHours.0.daysHi': 'text',
      'body:businessHours.0.hoursHi': 'text',
      'body:usersCount': 'text',
      'body:rating': 'coded',
      'body:competitorName': 'text',
      'body:timeZone': 'coded',
    },
  },
  'POST /api/contact-inquiries': {
    request: () => ({ body: inquiryBody() }),
    inputs: {
      'body:name': 'text',
      'body:phone': 'text',
      'body:email': 'text',
      'body:city': 'text',
      'body:query': 'multi',
      'body:service': 'coded',
      'body:website': 'honeypot',
    },
  },
  'GET /api/contact-inquiries': {
    request: () => ({ query: { q: 'asha', status: 'new', assigned: 'me', page: '1', pageSize: '20' } }),
    inputs: {
      'query:q': 'text',
      'query:status': 'coded',
      'query:assigned': 'coded',
      'query:page': 'coded',
      'query:pageSize': 'coded',
    },
  },
  'GET /api/contact-inquiries/export.csv': {
    request: () => ({ query: { q: 'asha', status: 'new', assigned: 'none' } }),
    inputs: { 'query:q': 'text', 'query:status': 'coded', 'query:assigned': 'coded' },
  },
  'PUT /api/contact-inquiries/{id}/assignee': {
    request: (ids) => ({ path: { id: ids.inquiry }, body: { userId: ids.user } }),
    inputs: { 'path:id': 'id', 'body:userId': 'coded' },
  },
  'GET /api/contact-inquiries/{id}/notes': onlyTheId('inquiry'),
  'POST /api/contact-inquiries/{id}/notes': {
    request: (ids) => ({ path: { id: ids.inquiry }, body: { body: 'Called back.\nWill write again.' } }),
    inputs: { 'path:id': 'id', 'body:body': 'multi' },
  },
  'PATCH /api/contact-inquiries/{id}/notes/{noteId}': {
    request: (ids) => ({ path: { id: ids.inquiry, noteId: ids.note }, body: { body: 'Called back.' } }),
    inputs: { 'path:id': 'id', 'path:noteId': 'id', 'body:body': 'multi' },
  },
  'DELETE /api/contact-inquiries/{id}/notes/{noteId}': {
    request: (ids) => ({ path: { id: ids.inquiry, noteId: ids.note } }),
    inputs: { 'path:id': 'id', 'path:noteId': 'id' },
  },
  'GET /api/contact-inquiries/{id}/history': onlyTheId('inquiry'),
  'POST /api/contact-inquiries/{id}/reply-link': {
    request: (ids) => ({ path: { id: ids.inquiry }, body: { channel: 'whatsapp' } }),
    inputs: { 'path:id': 'id', 'body:channel': 'coded', 'body:templateId': 'id' },
  },
  'GET /api/contact-inquiries/{id}': onlyTheId('inquiry'),
  'DELETE /api/contact-inquiries/{id}': onlyTheId('inquiry'),
  'PATCH /api/contact-inquiries/{id}/status': {
    request: (ids) => ({ path: { id: ids.inquiry }, body: { status: 'resolved' } }),
    inputs: { 'path:id': 'id', 'body:status': 'coded' },
  },
  'PATCH /api/contact-inquiries/{id}/read': onlyTheId('inquiry'),
  'PATCH /api/contact-inquiries/{id}/unread': onlyTheId('inquiry'),
  'GET /api/blogs/published': {
    request: () => ({ query: { language: 'hi', category: 'Technology', page: '1', pageSize: '12' } }),
    inputs: {
      'query:language': 'coded',
      'query:category': 'coded',
      'query:page': 'coded',
      'query:pageSize': 'coded',
    },
  },
  'GET /api/blogs/{post}': {
    request: (ids) => ({ path: { post: ids.blogSlug } }),
    inputs: { 'path:post': 'slug' },
  },
  'GET /api/blogs/admin/all': {
    request: () => ({ query: { language: 'en', page: '1', pageSize: '50' } }),
    inputs: { 'query:language': 'coded', 'query:page': 'coded', 'query:pageSize': 'coded' },
  },
  'GET /api/blogs/admin/{id}': onlyTheId('blog'),
  'POST /api/blogs': { request: (_, serial) => ({ body: blogBody(serial) }), inputs: blogPostInputs },
  'POST /api/blogs/preview': {
    request: () => ({ body: { content: '# Hello' } }),
    inputs: { 'body:content': 'multi' },
  },
  'PUT /api/blogs/{post}': {
    request: (ids) => ({ path: { post: ids.blog }, body: blogBody(0) }),
    inputs: { 'path:post': 'id', ...blogPostInputs, 'body:version': 'coded' },
  },
  'DELETE /api/blogs/{post}': {
    request: (ids) => ({ path: { post: ids.blog } }),
    inputs: { 'path:post': 'id' },
  },
  'GET /api/blogs/admin/{id}/revisions': onlyTheId('blog'),
  'GET /api/blogs/admin/{id}/revisions/{revisionId}': {
    request: (ids) => ({ path: { id: ids.blog, revisionId: ids.blogRevision } }),
    inputs: { 'path:id': 'id', 'path:revisionId': 'id' },
  },
  'POST /api/blogs/admin/{id}/revisions/{revisionId}/restore': {
    request: (ids) => ({ path: { id: ids.blog, revisionId: ids.blogRevision }, body: {} }),
    inputs: { 'path:id': 'id', 'path:revisionId': 'id', 'body:version': 'coded' },
  },
  'GET /api/blogs/autosaves/{postKey}': {
    request: () => ({ path: { postKey: 'new' } }),
    inputs: { 'path:postKey': 'id' },
  },
  'PUT /api/blogs/autosaves/{postKey}': {
    request: (ids) => ({
      path: { postKey: ids.blog },
      body: { values: blogBody(0), baseVersion: 1 },
    }),
    inputs: {
      'path:postKey': 'id',
      ...Object.fromEntries(
        Object.entries(blogPostInputs).map(([input, expectation]) => [
          input.replace('body:', 'body:values.'),
          expectation,
        ]),
      ),
      'body:baseVersion': 'coded',
    },
  },
  'DELETE /api/blogs/autosaves/{postKey}': {
    request: () => ({ path: { postKey: 'new' } }),
    inputs: { 'path:postKey': 'id' },
  },
  'DELETE /api/uploads/{id}': {
    request: () => ({ path: { id: UNKNOWN_DEVICE_ID } }),
    inputs: { 'path:id': 'id' },
  },
  'GET /api/admin/audit-log': {
    request: () => ({ query: { action: 'sign-in', from: '2026-11-01', to: '2026-11-30', page: '1' } }),
    inputs: {
      'query:actor': 'coded',
      'query:action': 'coded',
      'query:from': 'coded',
      'query:to': 'coded',
      'query:page': 'coded',
      'query:pageSize': 'coded',
    },
  },
  'GET /api/members': {
    request: () => ({ query: { q: 'asha', status: 'active', page: '1', pageSize: '20' } }),
    inputs: { 'query:q': 'text', 'query:status': 'coded', 'query:page': 'coded', 'query:pageSize': 'coded' },
  },
  'POST /api/members': {
    request: () => ({
      body: { mobile: '98765 12345', countryCode: '+91', displayName: 'Asha', password: 'a member password' },
    }),
    inputs: {
      'body:mobile': 'text',
      'body:countryCode': 'coded',
      'body:displayName': 'text',
      'body:password': 'text',
    },
  },
  'GET /api/members/{id}': onlyTheId('member'),
  'PATCH /api/members/{id}': {
    request: (ids) => ({ path: { id: ids.member }, body: { displayName: 'Asha', status: 'active' } }),
    inputs: { 'path:id': 'id', 'body:displayName': 'text', 'body:status': 'coded' },
  },
  'DELETE /api/members/{id}': onlyTheId('member'),
  'POST /api/members/{id}/password': {
    request: (ids) => ({ path: { id: ids.member }, body: { password: 'a member password' } }),
    inputs: { 'path:id': 'id', 'body:password': 'text' },
  },
  'DELETE /api/auth/delete-account': {
    request: () => ({
      body: { mobile: TEST_MEMBER.mobile, password: TEST_MEMBER.password, countryCode: '+91' },
    }),
    inputs: { 'body:mobile': 'text', 'body:password': 'verified', 'body:countryCode': 'coded' },
    wrongPassword: { status: 401 },
  },
  'POST /api/admin/profile/devices': {
    request: () => ({
      body: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/1',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        name: 'Phone',
      },
    }),
    inputs: {
      'body:endpoint': 'text',
      'body:keys.p256dh': 'coded',
      'body:keys.auth': 'coded',
      'body:name': 'text',
    },
  },
  'PUT /api/admin/profile/notifications': {
    request: () => ({ body: { email: true, digest: { enabled: false, hour: 9, unreadHours: 12 } } }),
    inputs: {
      'body:email': 'coded',
      'body:digest.enabled': 'coded',
      'body:digest.hour': 'coded',
      'body:digest.unreadHours': 'coded',
    },
  },
  'PUT /api/admin/profile/duty': {
    request: () => ({
      body: {
        whatsapp: '+91 98111 00009',
        phone: '98111 00008',
        countryCode: '+91',
        week: [[{ opens: '09:00', closes: '17:00' }], [], [], [], [], [], []],
        away: false,
      },
    }),
    inputs: {
      'body:whatsapp': 'text',
      'body:phone': 'text',
      'body:countryCode': 'coded',
      'body:week.0.0.opens': 'coded',
      'body:week.0.0.closes': 'coded',
      'body:away': 'coded',
    },
  },
  'PUT /api/admin/settings/duty': {
    request: () => ({ body: { assignInquiries: false } }),
    inputs: { 'body:assignInquiries': 'coded' },
  },
  'PUT /api/team/{id}/duty-weight': {
    request: (ids) => ({ path: { id: ids.user }, body: { weight: 2 } }),
    inputs: { 'path:id': 'id', 'body:weight': 'coded' },
  },
  'POST /api/admin/api-tokens': {
    request: () => ({ body: { name: 'Sheet sync', role: 'agent', access: 'read', expiresInDays: 30 } }),
    inputs: {
      'body:name': 'text',
      'body:role': 'coded',
      'body:access': 'coded',
      'body:expiresInDays': 'coded',
    },
  },
  'DELETE /api/admin/api-tokens/{id}': {
    request: () => ({ path: { id: UNKNOWN_DEVICE_ID } }),
    inputs: { 'path:id': 'id' },
  },
  'DELETE /api/admin/profile/devices/{id}': {
    request: () => ({ path: { id: UNKNOWN_DEVICE_ID } }),
    inputs: { 'path:id': 'id' },
  },
  'POST /api/admin/profile/devices/{id}/test': {
    request: () => ({ path: { id: UNKNOWN_DEVICE_ID } }),
    inputs: { 'path:id': 'id' },
  },
  'POST /api/admin/users': {
    request: (_, serial) => ({
      body: { email: `user-${serial}@example.com`, name: 'Ravi', role: 'agent', password: 'a team password' },
    }),
    inputs: {
      'body:email': 'text',
      'body:name': 'text',
      'body:role': 'coded',
      'body:password': 'text',
      'body:invite': 'coded',
    },
  },
  'PATCH /api/admin/users/{id}': {
    request: (ids) => ({
      path: { id: ids.user },
      body: { name: 'Owner', role: 'administrator', disabled: false },
    }),
    inputs: { 'path:id': 'id', 'body:name': 'text', 'body:role': 'coded', 'body:disabled': 'coded' },
  },
  'DELETE /api/admin/users/{id}': onlyTheId('user'),
  'POST /api/admin/users/{id}/password': onlyTheId('user'),
  'POST /api/admin/users/{id}/invitation': onlyTheId('user'),
  'POST /api/admin/invitation/check': {
    request: () => ({ body: { token: 'an-unknown-token' } }),
    inputs: { 'body:token': 'text' },
  },
  'POST /api/admin/invitation/accept': {
    request: () => ({ body: { token: 'an-unknown-token', password: 'a team password' } }),
    inputs: { 'body:token': 'text', 'body:password': 'text' },
  },
  'POST /api/reply-templates': {
    request: () => ({ body: templateBody() }),
    inputs: templateInputs,
  },
  'PUT /api/reply-templates/{id}': {
    request: (ids) => ({ path: { id: ids.template }, body: templateBody() }),
    inputs: { 'path:id': 'id', ...templateInputs },
  },
  'DELETE /api/reply-templates/{id}': {
    request: () => ({ path: { id: UNKNOWN_POSTER_ID } }),
    inputs: { 'path:id': 'id' },
  },
  'POST /api/admin/posters': {
    request: (_ids, serial) => ({ body: posterBody(serial) }),
    inputs: posterInputs,
  },
  'PUT /api/admin/posters/{id}': {
    request: (_ids, serial) => ({ path: { id: UNKNOWN_POSTER_ID }, body: posterBody(serial) }),
    inputs: { 'path:id': 'id', ...posterInputs },
  },
  'DELETE /api/admin/posters/{id}': {
    request: () => ({ path: { id: UNKNOWN_POSTER_ID } }),
    inputs: { 'path:id': 'id' },
  },
  'GET /api/admin/posters/{id}/{file}': {
    request: () => ({ path: { id: UNKNOWN_POSTER_ID, file: 'poster.png' } }),
    inputs: { 'path:id': 'id', 'path:file': 'coded' },
  },
  'GET /api/admin/dashboard': {
    request: () => ({ query: { utcOffsetMinutes: '330' } }),
    inputs: { 'query:utcOffsetMinutes': 'coded' },
  },
  'PUT /api/admin/settings/inbox': {
    request: () => ({ body: { overdueAfterHours: 4 } }),
    inputs: { 'body:overdueAfterHours': 'coded' },
  },
  'GET /api/admin/dashboard/first-responses': {
    request: () => ({ query: { days: '30' } }),
    inputs: { 'query:days': 'coded' },
  },
  'GET /api/admin/dashboard/clicks-and-views': {
    request: () => ({ query: { days: '7' } }),
    inputs: { 'query:days': 'coded' },
  },
};

/** `value` with `char` inside it (after its first character), or `char` alone for a value that is not text. */
function spliced(value: unknown, char: string): string {
  return typeof value === 'string' && value.length > 0
    ? `${value.slice(0, 1)}${char}${value.slice(1)}`
    : char;
}

function withValue(target: Record<string, unknown>, dotted: string, change: (value: unknown) => unknown) {
  const copy = structuredClone(target);
  const keys = dotted.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  node[last] = change(node[last]);
  return copy;
}

function injectOptions(key: string, { path = {}, query, body }: ValidRequest): InjectOptions {
  const [method, template] = key.split(' ') as [InjectOptions['method'], string];
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? ''));
  const search = query
    ? `?${Object.entries(query)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('&')}`
    : '';
  return { method, url: `${url}${search}`, ...(body === undefined ? {} : { payload: body }) };
}

/** The request with `char` put into one input. */
function hostile(request: ValidRequest, input: string, char: string): ValidRequest {
  const [place, name] = input.split(':') as ['path' | 'query' | 'body', string];
  const part = request[place] ?? {};
  return { ...request, [place]: withValue(part, name, (value) => spliced(value, char)) };
}

/** What went wrong with an answer, or null when it is the one expected. */
function problem(
  response: LightMyRequestResponse,
  expectation: Expectation,
  field: string,
  allowed: boolean,
  operation: Operation,
): string | null {
  const { statusCode: status } = response;
  if (status >= 500) return `answered ${status}`;
  let body: { errors?: Record<string, string> } = {};
  try {
    body = response.json();
  } catch {
    // Not JSON (a CSV export): only its status matters.
  }
  if (allowed) return status < 300 ? null : `refused (${status}) ${response.body.slice(0, 120)}`;
  switch (expectation) {
    case 'text':
    case 'multi':
      return status === 400 && CONTROL_MESSAGE.test(body.errors?.[field] ?? '')
        ? null
        : `${status} ${response.body.slice(0, 160)}`;
    case 'coded':
      // A number may come with spaces around it (`Number('1\t')` is 1): taking it is as right as refusing it.
      return status < 300 || (status === 400 && typeof body.errors?.[field] === 'string')
        ? null
        : `${status} ${response.body.slice(0, 160)}`;
    case 'id':
      return status === 400 && typeof body.errors?.[field] === 'string'
        ? null
        : `${status} ${response.body.slice(0, 160)}`;
    case 'slug':
      return status === 404 ? null : `${status}, not 404`;
    case 'verified': {
      const wrong = operation.wrongPassword!;
      const ok = status === wrong.status && (!wrong.field || typeof body.errors?.[wrong.field] === 'string');
      return ok ? null : `${status} ${response.body.slice(0, 160)}, not as a wrong password`;
    }
    case 'honeypot':
      return status === 201 ? null : `${status}, not the honeypot's fake success`;
  }
}

describe.each(TEST_DIALECTS)('control characters in every input (%s)', (dialect) => {
  // The contact form is posted once per input from one address and sender: no limit may answer instead.
  const t = signedInAppForEachTest(dialect, {
    INQUIRY_LIMIT_PER_SENDER_PER_HOUR: '100000',
    INQUIRY_CHALLENGE_AFTER_PER_HOUR: '100000',
  });
  let ids: Ids;
  let serial = 0;
  beforeEach(async () => {
    const contact = await t.app.inject(
      asAdmin(t.cookie, { method: 'POST', url: '/api/contacts', payload: { value: '+91 98765 43210' } }),
    );
    const blog = await createBlogPostRepository(t.database.db).create(blogBody(-1));
    const inquiry = await inquiryRepository(t.database).create(inquiryBody());
    const note = await t.app.inject(
      asAdmin(t.cookie, {
        method: 'POST',
        url: `/api/contact-inquiries/${inquiry}/notes`,
        payload: { body: 'A first note' },
      }),
    );
    const me = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/me' }));
    ids = {
      contact: contact.json().contact._id,
      inquiry,
      blog: blog._id,
      blogSlug: blog.slug,
      blogRevision: (
        await t.database.db
          .selectFrom('blogPostRevisions')
          .select('id')
          .where('postId', '=', blog._id)
          .executeTakeFirstOrThrow()
      ).id,
      member: await createMember(t.database),
      user: me.json().admin._id,
      note: note.json().note._id,
      template: (
        await t.app.inject(
          asAdmin(t.cookie, { method: 'POST', url: '/api/reply-templates', payload: templateBody() }),
        )
      ).json().template._id,
    };
  });

  /** Every request from its own address, so no rate limit or throttle has a say. */
  const send = (options: InjectOptions) => {
    serial += 1;
    return t.app.inject(
      asAdmin(t.cookie, {
        ...options,
        remoteAddress: `10.${serial >> 16}.${(serial >> 8) & 255}.${serial & 255}`,
      }),
    );
  };

  it('covers every operation of the OpenAPI description that takes input', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>;
    };
    const withInput = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation.parameters?.length ?? 0) > 0 || operation.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withInput.sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it.each(Object.entries(OPERATIONS))('%s refuses control characters in text', async (key, operation) => {
    const problems: string[] = [];
    for (const [input, expectation] of Object.entries(operation.inputs)) {
      const [place, name] = input.split(':') as [string, string];
      // A URL carries UTF-8, which cannot hold a lone surrogate: those are for JSON bodies.
      const refused = [...ALWAYS_REFUSED, ...(place === 'body' ? LONE_SURROGATES : [])];
      // Checked once per input: each verification costs a password hash and counts towards a throttle.
      const chars = expectation === 'verified' ? ['\u0000', '\t'] : [...refused, ...LINE_CHARACTERS];
      for (const char of chars) {
        const allowed = expectation === 'multi' && LINE_CHARACTERS.includes(char);
        const response = await send(injectOptions(key, hostile(operation.request(ids, serial), input, char)));
        const found = problem(response, expectation, name, allowed, operation);
        if (found)
          problems.push(`${input} with U+${char.charCodeAt(0).toString(16).padStart(4, '0')}: ${found}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers a path or query that is not UTF-8 without a 5xx', async () => {
    for (const url of [
      '/api/contacts/%ff',
      '/api/members/%ED%A0%80',
      '/api/blogs/%c0%80',
      '/api/members?q=%ff',
      '/api/contact-inquiries?q=%ED%A0%80',
      '/api/blogs/published?category=%ff',
    ]) {
      const response = await send({ method: 'GET', url });
      expect(`${url} -> ${response.statusCode}`).toMatch(/ -> [2-4]\d\d$/);
    }
  });
});
