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
/** Each topic's guide is `web/src/help/<topic>.md` (see pages/help/help-content.ts). */
export type HelpTopic = (typeof HELP_TOPICS)[number];

export function isHelpTopic(value: string | undefined): value is HelpTopic {
  return !!value && (HELP_TOPICS as readonly string[]).includes(value);
}
