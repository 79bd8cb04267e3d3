import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '../session/session-context';
import { NotFound } from '../shell/NotFound';
import { RequirePermission } from '../shell/RequirePermission';
import { Spinner } from '../shell/Spinner';
import { StaffLayout } from '../shell/StaffLayout';
import { ComingSoonPage } from '../pages/coming-soon/ComingSoonPage';
import { DashboardPage } from '../pages/dashboard/DashboardPage';
import { EmailTestPage } from '../pages/email-test/EmailTestPage';
import { LocationsPage } from '../pages/locations/LocationsPage';
import { LoginPage } from '../pages/login/LoginPage';
import { PermissionsPage } from '../pages/permissions/PermissionsPage';
import { BookingPage } from '../pages/booking/BookingPage';
import { PublicDocumentPage } from '../pages/public/PublicDocumentPage';
import { PublicFormPage } from '../pages/public/PublicFormPage';
import { AcceptInvitationPage } from '../pages/recovery/AcceptInvitationPage';
import { ForgotPasswordPage } from '../pages/recovery/ForgotPasswordPage';
import { ForgotPasswordSmsPage } from '../pages/recovery/ForgotPasswordSmsPage';
import { ResetPasswordPage } from '../pages/recovery/ResetPasswordPage';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { StaffPage } from '../pages/staff/StaffPage';
import { CLIENT_REDIRECT, STAFF_ROUTES, type LivePage, type StaffRoute } from './route-table';

// The clients screens load on first visit (they carry their own styles and the import and
// template builders); the rest of the shell stays in the main bundle.
const ClientsPage = lazy(() => import('../pages/clients/ClientsPage').then((m) => ({ default: m.ClientsPage })));
const ClientProfilePage = lazy(() => import('../pages/client-profile/ClientProfilePage').then((m) => ({ default: m.ClientProfilePage })));
const ClientsImportPage = lazy(() => import('../pages/clients-import/ClientsImportPage').then((m) => ({ default: m.ClientsImportPage })));
const NoteTemplatesPage = lazy(() => import('../pages/note-templates/NoteTemplatesPage').then((m) => ({ default: m.NoteTemplatesPage })));

// Help carries every guide and the Markdown renderer: loaded when someone opens it.
const HelpIndexPage = lazy(() => import('../pages/help/HelpPage').then((m) => ({ default: m.HelpIndexPage })));
const HelpTopicPage = lazy(() => import('../pages/help/HelpPage').then((m) => ({ default: m.HelpTopicPage })));

const ServicesPage = lazy(() => import('../pages/services/ServicesPage').then((m) => ({ default: m.ServicesPage })));
const ResourcesPage = lazy(() => import('../pages/rooms-devices/ResourcesPage').then((m) => ({ default: m.ResourcesPage })));
const SchedulePage = lazy(() => import('../pages/schedule/SchedulePage').then((m) => ({ default: m.SchedulePage })));
const AppointmentsPage = lazy(() => import('../pages/appointments/AppointmentsPage').then((m) => ({ default: m.AppointmentsPage })));
const AppointmentsMobilePage = lazy(() =>
  import('../pages/appointments/AppointmentsMobilePage').then((m) => ({ default: m.AppointmentsMobilePage })),
);
const BookingTestPage = lazy(() => import('../pages/booking/BookingTestPage').then((m) => ({ default: m.BookingTestPage })));
const BookingDesignPage = lazy(() => import('../pages/booking/BookingDesignPage').then((m) => ({ default: m.BookingDesignPage })));
const ClassesPage = lazy(() => import('../pages/classes/ClassesPage').then((m) => ({ default: m.ClassesPage })));
const ProductsPage = lazy(() => import('../pages/products/ProductsPage').then((m) => ({ default: m.ProductsPage })));
const GiftCertificatesPage = lazy(() =>
  import('../pages/gift-certificates/GiftCertificatesPage').then((m) => ({ default: m.GiftCertificatesPage })),
);
const MembershipsPage = lazy(() => import('../pages/memberships/MembershipsPage').then((m) => ({ default: m.MembershipsPage })));
const AutomationsPage = lazy(() => import('../pages/automations/AutomationsPage').then((m) => ({ default: m.AutomationsPage })));
const AiMessagingPage = lazy(() => import('../pages/ai-messaging/AiMessagingPage').then((m) => ({ default: m.AiMessagingPage })));
const MarketingPage = lazy(() => import('../pages/marketing/MarketingPage').then((m) => ({ default: m.MarketingPage })));
const PosPage = lazy(() => import('../pages/pos/PosPage').then((m) => ({ default: m.PosPage })));
const FormsPage = lazy(() => import('../pages/forms/FormsPage').then((m) => ({ default: m.FormsPage })));
const DocumentsPage = lazy(() => import('../pages/documents/DocumentsPage').then((m) => ({ default: m.DocumentsPage })));
const TimeClockPage = lazy(() => import('../pages/time-clock/TimeClockPage').then((m) => ({ default: m.TimeClockPage })));
const ReportsPage = lazy(() => import('../pages/reports/ReportsPage').then((m) => ({ default: m.ReportsPage })));
const PayrollPage = lazy(() => import('../pages/payroll/PayrollPage').then((m) => ({ default: m.PayrollPage })));
const PhonePage = lazy(() => import('../pages/phone/PhonePage').then((m) => ({ default: m.PhonePage })));
const StaffSchedulePage = lazy(() => import('../pages/schedule/StaffSchedulePage').then((m) => ({ default: m.StaffSchedulePage })));

const loading = <Spinner fullScreen={false} />;

const LIVE: Record<LivePage, () => ReactElement> = {
  dashboard: () => <DashboardPage />,
  staff: () => <StaffPage />,
  locations: () => <LocationsPage />,
  permissions: () => <PermissionsPage />,
  settings: () => <SettingsPage />,
  'email-test': () => <EmailTestPage />,
  automations: () => (
    <Suspense fallback={loading}>
      <AutomationsPage />
    </Suspense>
  ),
  phone: () => (
    <Suspense fallback={loading}>
      <PhonePage />
    </Suspense>
  ),
  'ai-messaging': () => (
    <Suspense fallback={loading}>
      <AiMessagingPage />
    </Suspense>
  ),
  marketing: () => (
    <Suspense fallback={loading}>
      <MarketingPage />
    </Suspense>
  ),
  help: () => (
    <Suspense fallback={loading}>
      <HelpIndexPage />
    </Suspense>
  ),
  'help-topic': () => (
    <Suspense fallback={loading}>
      <HelpTopicPage />
    </Suspense>
  ),
  clients: () => (
    <Suspense fallback={loading}>
      <ClientsPage />
    </Suspense>
  ),
  'client-profile': () => (
    <Suspense fallback={loading}>
      <ClientProfilePage />
    </Suspense>
  ),
  'clients-import': () => (
    <Suspense fallback={loading}>
      <ClientsImportPage />
    </Suspense>
  ),
  'note-templates': () => (
    <Suspense fallback={loading}>
      <NoteTemplatesPage />
    </Suspense>
  ),
  services: () => (
    <Suspense fallback={loading}>
      <ServicesPage />
    </Suspense>
  ),
  rooms: () => (
    <Suspense fallback={loading}>
      <ResourcesPage key="room" kind="room" />
    </Suspense>
  ),
  devices: () => (
    <Suspense fallback={loading}>
      <ResourcesPage key="device" kind="device" />
    </Suspense>
  ),
  schedule: () => (
    <Suspense fallback={loading}>
      <SchedulePage />
    </Suspense>
  ),
  'staff-schedule': () => (
    <Suspense fallback={loading}>
      <StaffSchedulePage />
    </Suspense>
  ),
  appointments: () => (
    <Suspense fallback={loading}>
      <AppointmentsPage />
    </Suspense>
  ),
  'appointments-mobile': () => (
    <Suspense fallback={loading}>
      <AppointmentsMobilePage />
    </Suspense>
  ),
  'booking-test': () => (
    <Suspense fallback={loading}>
      <BookingTestPage />
    </Suspense>
  ),
  pos: () => (
    <Suspense fallback={loading}>
      <PosPage />
    </Suspense>
  ),
  products: () => (
    <Suspense fallback={loading}>
      <ProductsPage />
    </Suspense>
  ),
  'gift-certificates': () => (
    <Suspense fallback={loading}>
      <GiftCertificatesPage />
    </Suspense>
  ),
  memberships: () => (
    <Suspense fallback={loading}>
      <MembershipsPage />
    </Suspense>
  ),
  'booking-design': () => (
    <Suspense fallback={loading}>
      <BookingDesignPage />
    </Suspense>
  ),
  classes: () => (
    <Suspense fallback={loading}>
      <ClassesPage />
    </Suspense>
  ),
  forms: () => (
    <Suspense fallback={loading}>
      <FormsPage />
    </Suspense>
  ),
  documents: () => (
    <Suspense fallback={loading}>
      <DocumentsPage />
    </Suspense>
  ),
  'time-clock': () => (
    <Suspense fallback={loading}>
      <TimeClockPage />
    </Suspense>
  ),
  payroll: () => (
    <Suspense fallback={loading}>
      <PayrollPage />
    </Suspense>
  ),
  reports: () => (
    <Suspense fallback={loading}>
      <ReportsPage />
    </Suspense>
  ),
};

function pageFor(route: StaffRoute): ReactElement {
  const page = typeof route.page === 'string' ? LIVE[route.page]() : <ComingSoonPage module={route.page.module} />;
  if (!route.requirement && !route.adminOnly) return page;
  return (
    <RequirePermission requirement={route.requirement} adminOnly={route.adminOnly}>
      {page}
    </RequirePermission>
  );
}

/** Everything that is not a public page: signed-out → /login, client → /booking, staff → the app. */
function SignedInGate() {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner />;
  if (status !== 'authenticated' || !user) {
    const from = location.pathname + location.search;
    return <Navigate to="/login" replace state={from === '/' ? undefined : { from }} />;
  }
  if (user.role === 'client') return <Navigate to={CLIENT_REDIRECT} replace />;
  return <StaffLayout />;
}

/**
 * Spec §2: a signed-in client only gets /booking; any other path (public recovery and document
 * pages included) goes to /booking with the history entry replaced. Public forms skip session
 * loading, so they stay reachable.
 */
function ClientConfined({ children }: { children: ReactElement }) {
  const { status, user } = useSession();
  if (status === 'authenticated' && user?.role === 'client') return <Navigate to={CLIENT_REDIRECT} replace />;
  return children;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        path="/forgot-password"
        element={
          <ClientConfined>
            <ForgotPasswordPage />
          </ClientConfined>
        }
      />
      <Route
        path="/forgot-password-sms"
        element={
          <ClientConfined>
            <ForgotPasswordSmsPage />
          </ClientConfined>
        }
      />
      <Route
        path="/reset-password"
        element={
          <ClientConfined>
            <ResetPasswordPage />
          </ClientConfined>
        }
      />
      <Route
        path="/accept-invitation"
        element={
          <ClientConfined>
            <AcceptInvitationPage />
          </ClientConfined>
        }
      />
      <Route path="/booking" element={<BookingPage />} />
      <Route path="/forms/:formId" element={<PublicFormPage />} />
      <Route
        path="/documents/:documentId"
        element={
          <ClientConfined>
            <PublicDocumentPage />
          </ClientConfined>
        }
      />
      <Route element={<SignedInGate />}>
        {STAFF_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={pageFor(r)} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
