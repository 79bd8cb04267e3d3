// The declared authorization policy the matrix test (infra/test/authorization-matrix.spec.ts)
// holds every REST route and GraphQL field of every service to. See docs/security.md
// ("The authorization matrix") for how it works and how to add a route.
//
// Most of the policy is not written here: it is read from the code's own metadata
// (inventory.mjs): @Public, @RequireRole/@AdminOnly and @RequirePermission on a controller method,
// a resolver method or a reference resolver say who may call it. This file only holds what the
// metadata cannot say: routes and fields whose rule lives in a use-case ("a user reads only
// themselves", "only clients have appointments of their own"), signed webhooks, the entities of
// `_entities` without a decorator, and probes of fields below the root. A route or field that has
// neither metadata nor an entry here fails the matrix: nothing is ever unlisted.
import { ALL_PERMISSIONS, satisfies, type PermissionRequirement } from '@salon/contracts/permissions';

/** Who calls: nobody signed in, and the four demo accounts of the seeded salon. */
export const ROLES = ['anonymous', 'client', 'basic', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const DEMO_ACCOUNTS: Record<
  Exclude<Role, 'anonymous'>,
  { email: string; role: 'client' | 'staff' | 'admin'; permissions: readonly string[] }
> = {
  client: { email: 'client@demo.salon', role: 'client', permissions: [] },
  // README: "Basic Staff" (view_dashboard, view_calendar, view_clients, view_staff, view_services).
  basic: {
    email: 'basic@demo.salon',
    role: 'staff',
    permissions: ['view_dashboard', 'view_calendar', 'view_clients', 'view_staff', 'view_services'],
  },
  // README: "Full Access Staff" (every staff permission).
  staff: { email: 'staff@demo.salon', role: 'staff', permissions: ALL_PERMISSIONS },
  admin: { email: 'admin@demo.salon', role: 'admin', permissions: ALL_PERMISSIONS },
};
export const DEMO_PASSWORD = 'demo-salon';

/**
 * What a request gets, as the matrix reads it:
 * - unauthenticated: 401, or a GraphQL error with code UNAUTHENTICATED;
 * - forbidden: 403, a GraphQL error with code FORBIDDEN, or (for `_entities` and field probes)
 *   the object or field withheld (null);
 * - allowed: anything else that is not a server error (2xx, 400, 404, 409: placeholder ids and
 *   minimal bodies are fine, the point is the gate).
 */
export type Outcome = 'allowed' | 'unauthenticated' | 'forbidden';
/** 'any': the answer is not asserted for that role (said why in the rule). */
export type Expected = Outcome | 'any';
export type Expectation = Record<Role, Expected>;

/** What the guards read from a handler (inventory.mjs: handler metadata first, then the class). */
export interface Gate {
  public: boolean;
  roles: string[] | null;
  permission: PermissionRequirement | null;
}

const per = (f: (role: Role) => Expected): Expectation => Object.fromEntries(ROLES.map((role) => [role, f(role)])) as Expectation;

export const everyone = (outcome: Expected) => per(() => outcome);
export const publicExpectation = everyone('allowed');
export const signedIn = per((role) => (role === 'anonymous' ? 'unauthenticated' : 'allowed'));
/** A role lacking `requirement` (with the shared `satisfies` rule: admin passes all) is refused. */
export const requires = (requirement: PermissionRequirement | null, roles: readonly string[] | null = null) =>
  per((role) => {
    if (role === 'anonymous') return 'unauthenticated';
    const account = DEMO_ACCOUNTS[role];
    if (roles && !roles.includes(account.role)) return 'forbidden';
    if (requirement === null) return 'allowed';
    return satisfies({ role: account.role, permissions: account.permissions }, requirement) ? 'allowed' : 'forbidden';
  });
export const adminOnly = requires(null, ['admin']);
const refusedToAll = per((role) => (role === 'anonymous' ? 'unauthenticated' : 'forbidden'));
const clientsOnly = per((role) => (role === 'anonymous' ? 'unauthenticated' : role === 'client' ? 'allowed' : 'forbidden'));

/** The expectation the metadata declares, or null when it declares nothing (an explicit rule is needed). */
export function expectationFromGate(gate: Gate | null): Expectation | null {
  if (!gate) return null;
  if (gate.public) return publicExpectation;
  if (!gate.roles && gate.permission === null) return null;
  return requires(gate.permission, gate.roles);
}

/**
 * Which id a probe puts where the route or field takes one (`:id`, `id:`, or an entity
 * representation): another real user (the admin, or for the admin the full staff member), the
 * caller themselves, or an upcoming appointment of a client other than the demo client.
 */
export type Target = 'otherUser' | 'self' | 'othersAppointment';

export interface Variant {
  name: string;
  /** Without one, ids are a random UUID that matches nothing. */
  target?: Target;
  /** The route parameter or argument that takes the target's id (default `id`, e.g. `staffId`). */
  param?: string;
  expect: Expectation;
  /**
   * A 404 is the refusal here (REST; the object of someone else is "not found" to the caller, so its
   * existence is not given away); elsewhere a 404 means the gate let the request through.
   */
  notFoundIsRefusal?: boolean;
  /** A REST body that passes validation, where the rule sits behind it (default `{}`). */
  body?: () => Record<string, unknown>;
}

export interface Rule {
  /** Why: the rule in words, shown when the matrix fails and in docs/authorization-matrix.generated.md. */
  why: string;
  expect?: Expectation;
  /** One case per variant instead of `expect` (e.g. another user's record and one's own). */
  variants?: Variant[];
  /** The request ends the session it is made with (logout): it gets a token of its own. */
  freshToken?: boolean;
}

/** A user's own record, or anyone's for an admin (identity's mayReadUser), on REST and GraphQL alike. */
const selfOrAdmin = (why: string): Rule => ({
  why,
  variants: [
    { name: 'another user', target: 'otherUser', expect: adminOnly },
    { name: 'themselves', target: 'self', expect: signedIn },
  ],
});

/** Someone else's calendar feed needs edit_calendar (scheduling's CalendarFeedsUseCase); one's own, a staff login. */
const ownFeedOrEditCalendar = (why: string): Rule => ({
  why,
  variants: [
    { name: 'another user', target: 'otherUser', param: 'staffId', expect: requires('edit_calendar', ['staff', 'admin']) },
    { name: 'themselves', target: 'self', param: 'staffId', expect: requires(null, ['staff', 'admin']) },
  ],
});

/** A person's own pay, or anyone's with manage_payroll (payroll's Access.ownOr). */
const ownOrManagePayroll = (why: string): Rule => ({
  why,
  variants: [
    { name: 'another user', target: 'otherUser', expect: requires('manage_payroll') },
    { name: 'themselves', target: 'self', expect: signedIn },
  ],
});

/**
 * Clients only; and another client's appointment is "not found" to them. That variant sends a body
 * that passes validation, so the ownership check is what answers.
 */
const ownAppointment = (why: string, body?: () => Record<string, unknown>): Rule => ({
  why,
  variants: [
    { name: 'unknown id', expect: clientsOnly },
    { name: "another client's appointment", target: 'othersAppointment', expect: refusedToAll, notFoundIsRefusal: true, body },
  ],
});

/**
 * Explicit rules, keyed `<service> <METHOD> <path>` (REST), `<service> <Type>.<field>` (GraphQL
 * root fields) or `<service> _entities(<Type>)` (federation reference resolvers). An entry wins
 * over the metadata; keep it to rules the metadata cannot express.
 */
export const RULES: Record<string, Rule> = {
  // identity: sessions and the shell's own calls (spec §7)
  'identity POST /api/auth/logout': { why: 'any signed-in user ends their own session', expect: signedIn, freshToken: true },
  'identity GET /api/auth/verify': { why: 'any signed-in user verifies their own token', expect: signedIn },
  'identity GET /api/users/:id': selfOrAdmin('a user reads only themselves; an admin reads anyone (mayReadUser)'),
  'identity GET /api/users/:id/permissions': selfOrAdmin("a user reads only their own permissions; an admin reads anyone's"),
  'identity GET /api/users/:id/color-preferences': selfOrAdmin("a user reads only their own colour preferences; an admin reads anyone's"),
  'identity PUT /api/users/:id/color-preferences': selfOrAdmin(
    "a user changes only their own colour preferences; an admin changes anyone's",
  ),
  'identity GET /api/business-settings': { why: 'the shell shows the business name and logo to every signed-in user', expect: signedIn },
  'identity GET /api/locations': { why: "the header's location selector, for every signed-in user", expect: signedIn },
  'identity Query.viewer': { why: 'the signed-in user themselves', expect: signedIn },
  'identity Mutation.setUserBio': selfOrAdmin(
    "the bio on online booking: a person writes their own, an admin anyone's; view_staff is not enough (mayWriteBio)",
  ),
  'identity Mutation.setUserPhoto': selfOrAdmin(
    "the profile photo (staff list, online booking): a person sets their own, an admin anyone's; the bio's rule (mayWriteBio)",
  ),
  'identity Query.user': selfOrAdmin('as GET /api/users/{id}: yourself, or anyone if you are admin'),
  'identity Query.users': {
    why: 'staff lists need view_staff (ManageUsersUseCase.list); which fields of other users they see is a field probe',
    expect: requires('view_staff'),
  },
  'identity Mutation.updateColorPreferences': { why: "the viewer's own colour preferences", expect: signedIn },
  'identity Query.businessSettings': { why: 'as GET /api/business-settings', expect: signedIn },
  'identity Query.locations': { why: 'as GET /api/locations', expect: signedIn },
  'identity _entities(User)': selfOrAdmin('as GET /api/users/{id}: a reference resolver applies the REST rule of the same object'),
  'identity _entities(PermissionGroup)': {
    // The sample is "Basic Staff", which the basic and (for the matrix) the full staff member are in.
    why: 'a group is read by its own members and by admins (PermissionGroupResolver: getFor); its members list by admins only',
    expect: per((role) => (role === 'anonymous' ? 'unauthenticated' : role === 'client' ? 'forbidden' : 'allowed')),
  },
  'identity _entities(Location)': { why: 'as GET /api/locations: every signed-in user', expect: signedIn },

  // scheduling: a signed-in client's own appointments
  'scheduling GET /api/online-booking/my-appointments': {
    why: 'only clients have appointments of their own here; staff use the calendar (MyAppointmentsUseCase)',
    expect: clientsOnly,
  },
  'scheduling POST /api/online-booking/my-appointments/:id/cancel': ownAppointment('a client cancels only their own appointment'),
  'scheduling POST /api/online-booking/my-appointments/:id/reschedule': ownAppointment('a client moves only their own appointment', () => ({
    startsAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
  })),

  // scheduling: the same self-service for a client messaging identified by the texting phone (the AI
  // assistant), with messaging's service token; staff and clients never, admins pass as everywhere
  'scheduling GET /api/online-booking/clients/:clientId/appointments': {
    why: "messaging's AI assistant only (service token), for the client the texting phone belongs to",
    expect: adminOnly,
  },
  'scheduling POST /api/online-booking/clients/:clientId/appointments': {
    why: "messaging's AI assistant only (service token): books onto that client's own profile by the online rules",
    expect: adminOnly,
  },
  'scheduling POST /api/online-booking/clients/:clientId/appointments/:id/cancel': {
    why: "messaging's AI assistant only (service token); the online late-cancel rules apply",
    expect: adminOnly,
  },
  'scheduling POST /api/online-booking/clients/:clientId/appointments/:id/reschedule': {
    why: "messaging's AI assistant only (service token); the engine's online rules apply",
    expect: adminOnly,
  },

  // clients: the profiles of online visitors are made and undone by scheduling's service token
  // (OnlineVisitorsController), never by staff whatever their permissions; admins pass as everywhere
  'clients POST /api/clients/online-visitors': { why: "scheduling's online booking only (service token); staff never", expect: adminOnly },
  'clients DELETE /api/clients/online-visitors/:id': {
    why: "scheduling's online booking only (service token); staff never",
    expect: adminOnly,
  },
  'clients POST /api/clients/online-visitors/:id/confirm': {
    why: "scheduling's confirm link only (service token); staff never",
    expect: adminOnly,
  },

  // scheduling: an online booking's held time is settled by retail's service token
  // (AppointmentDepositsController), never by staff whatever their permissions; admins pass as everywhere
  'scheduling POST /api/appointments/:id/deposit/paid': {
    why: "retail's deposit settling only (service token); staff never",
    expect: adminOnly,
  },
  'scheduling POST /api/appointments/:id/deposit/release': {
    why: "retail's deposit settling only (service token); staff never",
    expect: adminOnly,
  },

  // documents: a client's forms and documents are read by staff with view_clients and by that client
  // themself (mayReadClient in SubmissionsUseCase); anyone else's answers 404, so the gate is "signed in"
  'documents GET /api/forms/submissions/:submissionId': {
    why: 'staff with view_clients, or the client who filled it; the read is logged (SubmissionsUseCase.read)',
    expect: signedIn,
  },
  'documents GET /api/forms/submissions/:submissionId/reads': {
    why: 'staff with view_clients only; a client or anyone else gets 404 (SubmissionsUseCase.reads)',
    expect: signedIn,
  },
  'documents GET /api/forms/submissions/:submissionId/files/:fieldKey': {
    why: 'as GET /api/forms/submissions/{id}: a short-lived link to an uploaded file, logged as a read (SubmissionsUseCase.fileLink)',
    expect: signedIn,
  },
  'documents GET /api/forms/clients/:clientId': { why: "a client's forms: staff with view_clients, or that client", expect: signedIn },
  'documents GET /api/documents': { why: 'staff with view_clients; a client only with their own clientId', expect: signedIn },
  'documents GET /api/documents/:id': {
    why: 'staff with view_clients, or the client it belongs to (DocumentsUseCase.readable)',
    expect: signedIn,
  },
  'documents GET /api/documents/:id/download': { why: 'as GET /api/documents/{id}', expect: signedIn },
  'documents Query.formSubmission': { why: 'as GET /api/forms/submissions/{id}', expect: signedIn },
  'documents Query.formSubmissionReads': { why: 'as GET /api/forms/submissions/{id}/reads', expect: signedIn },
  'documents Query.formSubmissionFile': { why: 'as GET /api/forms/submissions/{id}/files/{fieldKey}', expect: signedIn },
  'documents Query.clientForms': { why: 'as GET /api/forms/clients/{clientId}', expect: signedIn },
  'documents Query.documents': { why: 'as GET /api/documents', expect: signedIn },
  'documents Query.documentDownload': { why: 'as GET /api/documents/{id}/download', expect: signedIn },

  // payroll: a person's own pay (rules, earnings, history) is theirs to read; anyone else's needs
  // manage_payroll (Access.ownOr in the use-cases)
  'scheduling GET /api/calendar-feeds/staff/:staffId': ownFeedOrEditCalendar(
    "whether a person's calendar link is on: their own, or anyone's with edit_calendar",
  ),
  'scheduling POST /api/calendar-feeds/staff/:staffId': ownFeedOrEditCalendar(
    "a new calendar link: one's own, or anyone's with edit_calendar",
  ),
  'scheduling DELETE /api/calendar-feeds/staff/:staffId': ownFeedOrEditCalendar(
    "turning a calendar link off: one's own, or anyone's with edit_calendar",
  ),
  'scheduling Query.calendarFeed': ownFeedOrEditCalendar('as GET /api/calendar-feeds/staff/{id}'),
  'scheduling Mutation.createCalendarFeed': ownFeedOrEditCalendar('as POST /api/calendar-feeds/staff/{id}'),
  'scheduling Mutation.revokeCalendarFeed': ownFeedOrEditCalendar('as DELETE /api/calendar-feeds/staff/{id}'),
  'payroll GET /api/pay-rules/:id': ownOrManagePayroll("a person reads their own pay rules; anyone else's needs manage_payroll"),
  'payroll GET /api/staff/:id/earnings': ownOrManagePayroll("a person reads their own earnings; anyone else's needs manage_payroll"),
  'payroll GET /api/payroll/history': {
    why: "without staffId, the caller's own finalised runs; another person's (staffId) needs manage_payroll",
    expect: signedIn,
  },

  // messaging: provider webhooks are public at the edge but carry the provider's signature; a
  // token, even an admin's, is no substitute for it
  'messaging POST /api/webhooks/ses': { why: 'accepted only with a valid SNS signature', expect: everyone('forbidden') },
  'messaging POST /api/webhooks/twilio/status': { why: 'accepted only with a valid Twilio signature', expect: everyone('forbidden') },
  'messaging POST /api/webhooks/twilio/inbound': { why: 'accepted only with a valid Twilio signature', expect: everyone('forbidden') },
  'messaging POST /api/webhooks/twilio/voice': { why: 'accepted only with a valid Twilio signature', expect: everyone('forbidden') },
  'messaging POST /api/webhooks/twilio/voice/dial-result': {
    why: 'accepted only with a valid Twilio signature',
    expect: everyone('forbidden'),
  },
  'messaging POST /api/webhooks/twilio/voice/recording': {
    why: 'accepted only with a valid Twilio signature',
    expect: everyone('forbidden'),
  },
  'messaging POST /api/webhooks/twilio/voice/bridge': { why: 'accepted only with a valid Twilio signature', expect: everyone('forbidden') },
  'messaging POST /api/webhooks/twilio/voice/bridge-result': {
    why: 'accepted only with a valid Twilio signature',
    expect: everyone('forbidden'),
  },
  'messaging POST /api/webhooks/twilio/voice/status': { why: 'accepted only with a valid Twilio signature', expect: everyone('forbidden') },
  'retail POST /api/webhooks/stripe': { why: 'accepted only with a valid Stripe-Signature', expect: everyone('forbidden') },
};

/** Root fields every subgraph has that are not ours to decorate. */
export const FEDERATION_FIELDS: Record<string, Rule> = {
  'Query._service': { why: 'the subgraph SDL, for the gateway to compose from (it sends no token)', expect: publicExpectation },
  // `_entities` itself is tested once per entity type of the subgraph's `_Entity` union.
};

/** The gateway's own routes (besides /graphql and the REST facade under /api). */
export const GATEWAY_RULES: Record<string, Rule> = {
  'gateway GET /health/live': { why: 'liveness probe', expect: publicExpectation },
  'gateway GET /health/ready': { why: 'readiness probe', expect: publicExpectation },
};

/**
 * An entity whose subgraph only references it (`@key(resolvable: false)`, e.g. scheduling's
 * Client) has no reference resolver: `_entities` hands back the representation the caller sent
 * and reads nothing, so any caller may ask.
 */
export const STUB_ENTITY: Rule = {
  why: 'a reference stub (resolvable: false) echoes the representation and reads nothing',
  expect: publicExpectation,
};

/**
 * Probes below the root: a document whose answer shows whether data the root gate lets through
 * leaks something the same caller may not read on another path. `leaks` says whether the answer
 * carries the data (→ allowed); an error, null or absent data count as withheld (→ forbidden).
 */
export interface FieldProbe {
  service: string;
  name: string;
  why: string;
  document: string;
  leaks(data: any, self: { userId: string }): boolean;
  expect: Expectation;
}

const othersWith = (users: any[] | undefined, self: { userId: string }, fields: string[]) =>
  (users ?? []).some((user) => user && user.id !== self.userId && fields.some((field) => user[field] != null));

export const FIELD_PROBES: FieldProbe[] = [
  {
    service: 'identity',
    name: "users: other users' permissions and colour preferences",
    why: "REST answers 403 for another user's permissions and colour preferences; GraphQL must not hand them out through users",
    document: '{ users { id permissions directPermissions permissionGroups { name } colorPreferences { primaryColor } } }',
    leaks: (data, self) => othersWith(data?.users, self, ['permissions', 'directPermissions', 'permissionGroups', 'colorPreferences']),
    expect: { anonymous: 'unauthenticated', client: 'forbidden', basic: 'forbidden', staff: 'forbidden', admin: 'allowed' },
  },
  {
    service: 'identity',
    name: "viewer's groups: the other members' permissions and colour preferences",
    why: "a user reads only themselves: a group's members (and their permissions) are for admins, as permissionGroups is",
    document: '{ viewer { id permissionGroups { members { id email permissions colorPreferences { primaryColor } } } } }',
    leaks: (data, self) =>
      (data?.viewer?.permissionGroups ?? []).some((group: any) =>
        othersWith(group?.members, self, ['email', 'permissions', 'colorPreferences']),
      ),
    // A client is in no group; the admin's account is in none either, so nothing is there to leak.
    expect: { anonymous: 'unauthenticated', client: 'forbidden', basic: 'forbidden', staff: 'forbidden', admin: 'any' },
  },
  {
    service: 'clients',
    name: 'every client with notes in one aliased query',
    why: 'pulling the whole client base with notes is an export (export_clients); view_clients reads a page at a time',
    document:
      '{ a: clients(limit: 200, offset: 0) { items { id notes { id } } } b: clients(limit: 200, offset: 200) { items { id notes { id } } } }',
    leaks: (data) => Array.isArray(data?.a?.items) && Array.isArray(data?.b?.items) && data.a.items.length + data.b.items.length > 200,
    // Staff with export_clients may export; whether a cost limit also stops them here is the limits' business.
    expect: { anonymous: 'unauthenticated', client: 'forbidden', basic: 'forbidden', staff: 'any', admin: 'any' },
  },
];

/** Where a case is asked: through the gateway, or directly on the owning service's port. */
export type Via = 'gateway' | 'service';

export interface KnownOpen {
  /** The case name as the matrix prints it, e.g. `identity _entities(User) [another user]`. */
  subject: string;
  via: Via | 'both';
  roles: Role[];
  reason: string;
}

/**
 * Holes the matrix finds that are being fixed on other branches: reported and skipped so this
 * branch is green. An entry that starts to hold fails the matrix ("remove it"), so the list only
 * ever shrinks. Empty it as the fixes land.
 */
export const KNOWN_OPEN: KnownOpen[] = [];
