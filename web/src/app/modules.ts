/**
 * Module pages that later work fills. Each says plainly that the module is coming and what it
 * will do; the help topics reuse the same sentences.
 */
export interface ModuleInfo {
  key: string;
  title: string;
  /** Sentence completing "<title> is coming: …". */
  summary: string;
  /** Help topic slug, if the module has one. */
  help?: string;
}

export const MODULES = {
  appointments: {
    key: 'appointments',
    title: 'Appointments',
    help: 'appointments',
    summary:
      'a day, week and staff calendar where you book, move, check in and check out appointments, with buffers, processing time and no double booking.',
  },
  appointmentsMobile: {
    key: 'appointments-mobile',
    title: 'Mobile appointments',
    help: 'appointments',
    summary: 'a phone-sized agenda of the day to check clients in and out on the go.',
  },
  clientBooking: {
    key: 'booking-test',
    title: 'Client booking',
    help: 'appointments',
    summary: 'a preview of the online booking flow exactly as your clients will see it, for booking on their behalf.',
  },
  bookingDesign: {
    key: 'booking-design',
    title: 'Booking design',
    help: 'settings',
    summary: 'choose the colours, logo, texts and services your public booking page shows.',
  },
  services: {
    key: 'services',
    title: 'Services',
    summary:
      'your service menu with durations, prices, processing and buffer times, and which staff, rooms and devices each service needs.',
  },
  clients: {
    key: 'clients',
    title: 'Client profiles',
    help: 'clients',
    summary: 'searchable client profiles with visit history, notes, tags and SMS/e-mail consent.',
  },
  clientDetail: {
    key: 'client-detail',
    title: 'Client profile',
    help: 'clients',
    summary: "one client's contact details, appointments, purchases, forms and notes on a single page.",
  },
  clientsImport: {
    key: 'clients-import',
    title: 'Client import',
    help: 'clients',
    summary: 'bring your client list over from a CSV file, with a preview and duplicate detection before anything is saved.',
  },
  pos: {
    key: 'pos',
    title: 'Point of sale',
    help: 'pos',
    summary:
      'check out appointments and walk-ins with discounts, tax, tips split among the staff, several payments on one ticket and refunds.',
  },
  products: {
    key: 'products',
    title: 'Products',
    help: 'products',
    summary: 'your retail catalogue with stock levels, low-stock alerts and cost and sale prices.',
  },
  giftCertificates: {
    key: 'gift-certificates',
    title: 'Gift certificates & cards',
    help: 'gift-certificates',
    summary: 'sell, redeem and track the balance of gift certificates and gift cards.',
  },
  rooms: {
    key: 'rooms',
    title: 'Rooms',
    help: 'rooms',
    summary: 'the treatment rooms each service needs, so two bookings never share one room.',
  },
  devices: {
    key: 'devices',
    title: 'Devices',
    help: 'devices',
    summary: 'equipment such as lasers or chairs that services reserve, so nothing is double-booked.',
  },
  classes: { key: 'classes', title: 'Classes', help: 'classes', summary: 'group sessions with a capacity, a roster and online sign-up.' },
  memberships: {
    key: 'memberships',
    title: 'Memberships',
    help: 'memberships',
    summary: 'recurring plans with included services, member pricing and automatic billing.',
  },
  reports: {
    key: 'reports',
    title: 'Reports',
    help: 'reports',
    summary: 'sales, appointments, staff performance and retail reports by day, week or month.',
  },
  marketing: {
    key: 'marketing',
    title: 'Marketing',
    help: 'marketing',
    summary: 'SMS and e-mail campaigns to client segments, built with an e-mail template editor.',
  },
  automations: {
    key: 'automations',
    title: 'Automations',
    help: 'automations',
    summary: 'automatic reminders, confirmations and follow-ups by SMS and e-mail.',
  },
  noteTemplates: {
    key: 'note-templates',
    title: 'Note templates',
    help: 'note-templates',
    summary: 'reusable templates for client notes such as formulas and treatment records.',
  },
  phone: {
    key: 'phone',
    title: 'Phone',
    help: 'phone',
    summary: 'calls and two-way text messages with clients from your business number.',
  },
  forms: {
    key: 'forms',
    title: 'Forms',
    help: 'forms',
    summary: 'intake and consent forms with a signature pad that clients fill in online before their visit.',
  },
  documents: {
    key: 'documents',
    title: 'Documents',
    help: 'documents',
    summary: 'documents you share with clients through a public link.',
  },
  aiMessaging: {
    key: 'ai-messaging',
    title: 'AI messaging',
    help: 'ai-messaging',
    summary: 'suggested replies and drafted messages to clients, reviewed by you before they are sent.',
  },
  payroll: {
    key: 'payroll',
    title: 'Payroll',
    help: 'payroll',
    summary: 'commission and pay rules, staff earnings and payroll runs with their history.',
  },
  timeClock: {
    key: 'time-clock',
    title: 'Time clock',
    help: 'time-clock',
    summary: 'staff clock in and out, with breaks and timesheets that feed payroll.',
  },
  emailTest: {
    key: 'email-test',
    title: 'E-mail test',
    help: 'automations',
    summary: 'send a test e-mail through the configured provider to check delivery and templates.',
  },
  schedule: {
    key: 'schedule',
    title: 'Schedule',
    help: 'schedule',
    summary: 'working hours and time off for the whole team, week by week.',
  },
  staffSchedule: {
    key: 'staff-schedule',
    title: 'Staff schedule',
    help: 'staff-schedule',
    summary: "each staff member's working hours, breaks and time off.",
  },
} satisfies Record<string, ModuleInfo>;

export type ModuleKey = keyof typeof MODULES;

/** Help topics of spec §2, in that order. */
export const HELP_TOPICS = [
  'appointments',
  'clients',
  'pos',
  'products',
  'staff',
  'locations',
  'reports',
  'marketing',
  'automations',
  'forms',
  'documents',
  'payroll',
  'permissions',
  'time-clock',
  'settings',
  'ai-messaging',
  'gift-certificates',
  'devices',
  'classes',
  'rooms',
  'phone',
  'note-templates',
  'schedule',
  'staff-schedule',
  'memberships',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export function isHelpTopic(value: string | undefined): value is HelpTopic {
  return !!value && (HELP_TOPICS as readonly string[]).includes(value);
}

/** Title and text of each help topic. */
export const HELP_CONTENT: Record<HelpTopic, { title: string; body: string; path: string; more?: readonly string[] }> = {
  appointments: {
    title: 'Appointments',
    path: '/appointments',
    body: [
      'The calendar shows the selected location by day (a column per person) or by week. Click an empty time to book it, or use Book in the toolbar; drag an appointment to move it and drag its bottom edge to change its length. A time that cannot be booked is shaded with the reason.',
      'Click an appointment (or focus its name and press Enter) to open its details beside the calendar: the client with their phone, alerts, notes and last visits; each service with who performs it and the price; the status actions (confirm, check in, start, complete, no-show, cancel with a reason); Edit to change the service, the person, the date and time or the notes (a refused change says why and offers free times instead); Rebook to book the same service with the same person a number of weeks later; and the change log: who booked, moved, changed or cancelled it, and when. Escape closes the panel.',
      'Client alerts (allergies, sensitivities) show as a warning icon on the appointment, in the details and in the booking dialog. An alert the owner marked critical on the client’s profile has to be acknowledged before the appointment’s details open or before the client can be booked.',
      'Cancelled appointments and no-shows are hidden; tick "Show cancelled and no-shows" to see them. Appointments of 30 minutes or less show name, service and time on one line (the full text is on hover). The legend under the calendar says what each colour means: colour by status or by service ("Colour by", remembered for you in this browser). The − and + buttons zoom the day: taller slots are easier to read and to drag. The date, the view, the cancelled toggle and the zoom stay in the address, so a link opens the same calendar.',
      'What you see depends on your permissions: without "Create appointments" there is no Book button and empty times cannot be clicked; without "Edit appointments" or "Update appointment status" appointments cannot be moved, resized, edited or have their status changed. If something is refused for want of a permission, the message says so; ask an owner.',
    ].join('\n\n'),
  },
  clients: { title: 'Clients', path: '/clients', body: `Client profiles are coming: ${MODULES.clients.summary}` },
  pos: {
    title: 'Point of sale',
    path: '/pos',
    body: "Checkout: the POS lists today's appointments at your location that are ready to check out, and the tickets still open. Check out opens a ticket with the visit's services at the prices they were booked at, each with the person who performed it; several services or people of one visit go on one ticket. A walk-in ticket starts empty.",
    more: [
      "Lines: add a service from your menu (at its price, or the price of the person performing it), or a product or fee at a typed price. Change a quantity or price in its field and press Enter; typed or changed prices need the Edit prices permission and fees the Charge fees permission. Every total is worked out by the system: tax is charged per line on the discounted amount at your location's rates (services and products each have their own), rounded to the nearest cent.",
      "Discounts: a percentage or an amount off the whole ticket, always with a reason. A discount above your location's limit (20% unless changed) needs the Discount above the limit permission.",
      'Tips: tap a preset (a percentage of the services before discounts) or type an amount. The tip is shared among the people who performed the services in proportion to their services, and the shares always add up to the cent.',
      'Split payments: take part of the balance in cash, then the rest. Type the cash received to see the change due. A ticket closes when nothing is left to pay, and the payment confirmation appears. Card payments (the hosted card form, the card terminal and cards on file) arrive with Stripe.',
      'Refunds: a closed ticket cannot be changed; open it from Closed today and refund all or part of a payment with a reason (Refund payments permission). A payment is never refunded above what it took. An open ticket with nothing paid can be voided, which frees its appointments to be checked out again.',
    ],
  },
  products: { title: 'Products', path: '/products', body: `Products are coming: ${MODULES.products.summary}` },
  staff: {
    title: 'Staff',
    path: '/staff',
    body: 'The staff list shows everyone on your team with their contact details, role, permission groups and whether they are active. Admins invite new staff by e-mail: the invitation link can be copied and sent by hand too. Admins can also deactivate a staff member, which signs them out and stops them signing in.\n\nIf you may see everyone’s schedule (View schedules, View calendar or Edit calendar), a name in the list opens that person’s working hours, days off and time off.',
  },
  locations: {
    title: 'Locations',
    path: '/locations',
    body: 'Each location has a name, a time zone, an address and a phone number. The default location is selected automatically in the header; anyone can switch to another active location there. Admins add, edit, deactivate and reactivate locations and choose the default one.',
  },
  reports: { title: 'Reports', path: '/reports', body: `Reports are coming: ${MODULES.reports.summary}` },
  marketing: { title: 'Marketing', path: '/marketing', body: `Marketing is coming: ${MODULES.marketing.summary}` },
  automations: { title: 'Automations', path: '/automations', body: `Automations are coming: ${MODULES.automations.summary}` },
  forms: { title: 'Forms', path: '/forms', body: `Forms are coming: ${MODULES.forms.summary}` },
  documents: { title: 'Documents', path: '/documents', body: `Documents are coming: ${MODULES.documents.summary}` },
  payroll: { title: 'Payroll', path: '/payroll', body: `Payroll is coming: ${MODULES.payroll.summary}` },
  permissions: {
    title: 'Permissions',
    path: '/permissions',
    body: 'Admins group permissions into permission groups (for example Front Desk or Basic Staff), add staff to groups, and grant single permissions directly to one person. A staff member can do what any of their groups or direct permissions allow. Admins can always do everything. Staff in the Basic Staff group see a reduced menu.',
  },
  'time-clock': { title: 'Time clock', path: '/time-clock', body: `The time clock is coming: ${MODULES.timeClock.summary}` },
  settings: {
    title: 'Profile & settings',
    path: '/settings',
    body: 'Profile & Settings holds your business name and logo (people with the edit business settings permission can change them) and your own colour preferences: brand colour, text colours, saved swatches and dark mode. Colour preferences belong to you and follow you to any device you sign in on.',
  },
  'ai-messaging': { title: 'AI messaging', path: '/ai-messaging', body: `AI messaging is coming: ${MODULES.aiMessaging.summary}` },
  'gift-certificates': {
    title: 'Gift certificates & cards',
    path: '/gift-certificates',
    body: `Gift certificates are coming: ${MODULES.giftCertificates.summary}`,
  },
  devices: { title: 'Devices', path: '/devices', body: `Devices are coming: ${MODULES.devices.summary}` },
  classes: { title: 'Classes', path: '/classes', body: `Classes are coming: ${MODULES.classes.summary}` },
  rooms: { title: 'Rooms', path: '/rooms', body: `Rooms are coming: ${MODULES.rooms.summary}` },
  phone: { title: 'Phone', path: '/phone', body: `Phone is coming: ${MODULES.phone.summary}` },
  'note-templates': {
    title: 'Note templates',
    path: '/note-templates',
    body: `Note templates are coming: ${MODULES.noteTemplates.summary}`,
  },
  schedule: {
    title: 'Schedule',
    path: '/schedule',
    body: 'The schedule shows everyone’s weekly working hours at the selected location, with breaks and the hours each person works in a week. Click a name to edit that person’s week, add a day off or different hours on one date, and record time off. Hours are what online booking and the calendar offer: a time outside them, or inside a break or time off, cannot be booked.',
  },
  'staff-schedule': {
    title: 'Staff schedule',
    path: '/staff-schedule',
    body: 'One person’s week at the selected location: their working hours and breaks per weekday, date exceptions (a day off or other hours on one date) and time off. Without a name in the address it is your own schedule. If you may see everyone’s schedule, "Whose schedule" switches to anyone on the team; with Edit calendar you change their hours, exceptions and time off too. Admins also set the location’s booking policy here (slot interval, notice, how far ahead, late-cancel window, opening hours).',
  },
  memberships: { title: 'Memberships', path: '/memberships', body: `Memberships are coming: ${MODULES.memberships.summary}` },
};
