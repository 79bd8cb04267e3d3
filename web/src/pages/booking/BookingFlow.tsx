import { lazy, Suspense, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { appointmentIcs } from './ics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PickerClient } from '../../components/client-picker';
import { conflictOf, fieldErrorsOf } from '../../lib/api-client';
import { apolloClient } from '../../lib/apollo';
import { formatCents, formatDuration } from '../../lib/format';
import { bookingPalette } from '../../lib/theme';
import {
  bookingApi,
  type BookingInfo,
  type BookingLook,
  type ClientDetails,
  type Confirmation,
  type PublicLocation,
  type PublicService,
  type Slot,
} from './booking-api';
import {
  byCategory,
  combineServices,
  detailsProblems,
  MAX_VISIT_SERVICES,
  newIdempotencyKey,
  priceLabel,
  stepsFor,
  type Step,
} from './booking-steps';
import { STAFF_BOOK } from './staff-booking-gql';
import { StaffIntro } from './StaffIntro';
import { TimePicker } from './TimePicker';
import { BookedForms } from './BookedForms';
import { DepositPayment } from './DepositPayment';
import { cardFeesText, depositOf, type BookingDepositView } from './deposit-api';

// Only staff (/booking-test) pick a client: the public page, the first a client downloads, goes
// without the picker and the phone rules' metadata it carries.
const ClientPicker = lazy(() => import('../../components/client-picker').then((m) => ({ default: m.ClientPicker })));

export type BookingMode = 'public' | 'client' | 'staff';

const STEP_TITLES: Record<Step, string> = {
  location: 'Choose a location',
  service: 'Choose a service',
  staff: 'Choose who you would like to see',
  time: 'Pick a time',
  details: 'Your details',
  confirm: 'Review and book',
  done: 'See you soon',
};

/**
 * The page's colours as CSS variables, so every button and highlight inside takes them; the
 * brand colour is adjusted just enough to stay readable on the page's background.
 */
export function designStyle(look: Pick<BookingLook, 'primaryColor' | 'backgroundColor'>): CSSProperties {
  const { primary, contrast } = bookingPalette(look.primaryColor, look.backgroundColor);
  return {
    '--primary': primary,
    '--primary-contrast': contrast,
    '--bk-bg': look.backgroundColor,
  } as CSSProperties;
}

const EMPTY: ClientDetails = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  smsConsent: false,
  emailConsent: false,
  bookedBefore: false,
};

interface Props {
  mode: BookingMode;
  info: BookingInfo;
  /** Signed-in client's name, shown on the details step. */
  clientName?: string;
  /** Start at this location (a deep link from a website, or the staff header's choice). */
  initialLocationId?: string | null;
  /** Start with this service chosen (a website's "Book a haircut" link); ignored when not offered. */
  initialServiceId?: string | null;
}

/**
 * The online booking flow: location → service → staff or anyone → day and time → details →
 * confirm. Visitors type their details; a signed-in client books as themselves; staff on
 * /booking-test pick the client and see exactly what clients see.
 */
export function BookingFlow({ mode, info, clientName, initialLocationId, initialServiceId }: Props) {
  const qc = useQueryClient();
  const steps = stepsFor(info.locations.length);
  const preset = info.locations.find((l) => l.id === initialLocationId) ?? (info.locations.length === 1 ? info.locations[0] : null);
  const [step, setStep] = useState<Step>(preset && steps[0] === 'location' ? 'service' : steps[0]);
  const [location, setLocation] = useState<PublicLocation | null>(preset);
  // The services of the visit, in order; `service` sees them as one choice.
  const [picked, setPicked] = useState<PublicService[]>([]);
  const [adding, setAdding] = useState(false);
  const service = useMemo(() => combineServices(picked), [picked]);
  const setService = (s: PublicService | null) => setPicked(s ? [s] : []);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [details, setDetails] = useState<ClientDetails>(EMPTY);
  const [client, setClient] = useState<PickerClient | null>(null);
  const [notes, setNotes] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ message: string; alternatives: Slot[] } | null>(null);
  const [done, setDone] = useState<Confirmation | null>(null);
  // A booking whose services ask for a deposit: held until it is paid in the card modal (DepositPayment).
  const [paying, setPaying] = useState<Confirmation | null>(null);
  const [depositPaid, setDepositPaid] = useState<number | null>(null);
  // A location requiring a card online: the card was saved to hold the booking (nothing charged).
  const [cardSaved, setCardSaved] = useState(false);
  const [depositProblem, setDepositProblem] = useState<string | null>(null);
  // One key per attempt at one choice: a retry of the same Book press is the same booking.
  /* eslint-disable react-hooks/exhaustive-deps -- the choice is what renews the key, not an input of it */
  const idempotencyKey = useMemo(
    () => newIdempotencyKey(),
    [location?.id, service?.name, slot?.startsAt, slot?.staffId, client?.id, details],
  );
  /* eslint-enable react-hooks/exhaustive-deps */

  const services = useQuery({
    queryKey: ['online-booking-services', location?.id],
    queryFn: () => bookingApi.services(location!.id),
    enabled: !!location,
    staleTime: 60_000,
  });
  // A deep-linked service skips the menu once, when the menu arrives and offers it.
  const [presetApplied, setPresetApplied] = useState(!initialServiceId);
  useEffect(() => {
    if (presetApplied || !services.data) return;
    setPresetApplied(true);
    const s = services.data.find((x) => x.id === initialServiceId);
    if (s && step === 'service') {
      setService(s);
      setStaffId(s.staff.length === 1 ? s.staff[0].id : null);
      setStep('staff');
    }
  }, [services.data, presetApplied, initialServiceId, step]);

  const book = useMutation({
    mutationFn: async (): Promise<Confirmation> => {
      const what =
        picked.length > 1
          ? { services: (slot!.segments ?? []).map((g) => ({ serviceId: g.serviceId, staffId: g.staffId })) }
          : { serviceId: service!.id, staffId: slot!.staffId };
      const base = { locationId: location!.id, ...what, startsAt: slot!.startsAt, notes: notes.trim() || undefined };
      if (mode === 'staff') {
        // conflictOf and fieldErrorsOf below read a GraphQL refusal as they read a REST one.
        const booked = await apolloClient.mutate({
          mutation: STAFF_BOOK,
          variables: { input: { ...base, clientId: client!.id, source: 'staff' } },
        });
        const a = booked.data!.bookAppointment;
        return {
          appointment: { ...a, staffName: slot!.staffName, locationId: location!.id },
          policies: info.design.policies,
        };
      }
      const who =
        mode === 'public'
          ? {
              client: {
                ...details,
                lastName: details.lastName || undefined,
                phone: details.phone || undefined,
                email: details.email || undefined,
              },
            }
          : {};
      return bookingApi.book({ ...base, ...who }, idempotencyKey);
    },
    onSuccess: (c) => {
      setDepositProblem(null);
      if (c.deposit) {
        setPaying(c);
        return;
      }
      setDepositPaid(null);
      setCardSaved(false);
      setDone(c);
      setStep('done');
      qc.invalidateQueries({ queryKey: ['online-booking-slots'] });
      qc.invalidateQueries({ queryKey: ['online-booking-mine'] });
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      if (Object.keys(fields).some((f) => f.startsWith('client'))) {
        setProblems(fields);
        setStep('details');
        return;
      }
      setRefusal(conflictOf<Slot>(e));
    },
  });

  const go = (next: Step) => {
    setRefusal(null);
    setStep(next);
  };
  const index = steps.indexOf(step);
  const back = index > 0 && step !== 'done' ? () => go(steps[index - 1]) : null;
  const staffName = staffId ? service?.staff.find((s) => s.id === staffId)?.name : null;
  const restart = () => {
    setService(null);
    setStaffId(null);
    setSlot(null);
    setNotes('');
    setDone(null);
    setClient(null);
    go(steps[0]);
  };

  const depositSettled = (c: Confirmation, deposit: BookingDepositView | null, problem: string | null) => {
    setPaying(null);
    qc.invalidateQueries({ queryKey: ['online-booking-slots'] });
    if (deposit?.status === 'held' || deposit?.status === 'card_saved') {
      setDepositPaid(deposit.kind === 'card' ? null : deposit.amountMinor);
      setCardSaved(deposit.kind === 'card' || !!c.deposit?.cardPolicy);
      setDone(c);
      setStep('done');
      qc.invalidateQueries({ queryKey: ['online-booking-mine'] });
      return;
    }
    // Nothing was taken and the held time is free again: choose a time again (a new booking, a new key).
    setSlot(null);
    setStep('time');
    setDepositProblem(
      `Your card was not charged and the time was not booked: ${problem ?? (c.deposit?.kind === 'card' ? 'no card was saved' : 'the deposit was not paid')}`,
    );
  };
  const depositDue = service ? visitDeposit(picked, service) : 0;
  // Staff book at the desk (no card asked there); the page's visitors and clients are asked for one.
  const cardPolicy = mode === 'staff' ? null : (location?.cardPolicy ?? null);

  return (
    <div className="bk-flow" data-testid="booking-flow" data-step={step}>
      {paying?.deposit && (
        <DepositPayment
          appointmentId={paying.appointment.id}
          amountMinor={paying.deposit.amountMinor}
          kind={paying.deposit.kind}
          cardPolicy={paying.deposit.cardPolicy ?? null}
          onSettled={(d, problem) => depositSettled(paying, d, problem)}
        />
      )}
      {depositProblem && step !== 'done' && (
        <p className="alert alert-error" role="alert" data-testid="deposit-problem">
          {depositProblem}
        </p>
      )}
      {step !== 'done' && (
        <div className="bk-progress">
          {back ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={back}>
              ‹ Back
            </button>
          ) : (
            <span />
          )}
          <span className="muted" aria-live="polite">
            Step {index + 1} of {steps.length}
          </span>
        </div>
      )}
      <h2 className="bk-step-title">{STEP_TITLES[step]}</h2>

      {step === 'location' && (
        <Choices>
          {info.locations.map((l) => (
            <ChoiceCard
              key={l.id}
              title={l.name}
              detail={l.address ?? undefined}
              selected={location?.id === l.id}
              onClick={() => {
                setLocation(l);
                setService(null);
                setSlot(null);
                go('service');
              }}
            />
          ))}
        </Choices>
      )}

      {step === 'service' && (
        <div className="stack">
          {adding && picked.length > 0 && (
            <div className="bk-picked" aria-label="Your visit so far">
              {picked.map((p, i) => (
                <span key={p.id} className="bk-chip">
                  {p.name}
                  <button type="button" aria-label={`Remove ${p.name}`} onClick={() => setPicked(picked.filter((_, j) => j !== i))}>
                    ×
                  </button>
                </span>
              ))}
              <span className="muted small">Choose one more service</span>
            </div>
          )}
          {services.isLoading && <p className="muted">Loading the menu…</p>}
          {services.isError && (
            <p className="form-error" role="alert">
              {(services.error as Error).message}
            </p>
          )}
          {services.data?.length === 0 && (
            <p className="muted">No services can be booked online here yet. Please call {location?.phone ?? 'the salon'}.</p>
          )}
          {byCategory(services.data ?? []).map((g) => (
            <section key={g.category} className="bk-category" aria-label={g.category}>
              <h3>{g.category}</h3>
              <Choices>
                {g.services.map((s) => (
                  <ChoiceCard
                    key={s.id}
                    title={s.name}
                    detail={s.description ?? undefined}
                    meta={`${formatDuration(s.durationMin)} · ${priceLabel(s)}`}
                    selected={picked.some((x) => x.id === s.id)}
                    onClick={() => {
                      const next = adding ? [...picked, s] : [s];
                      setPicked(next);
                      setAdding(false);
                      setSlot(null);
                      const staff = combineServices(next)!.staff;
                      setStaffId(staff.length === 1 ? staff[0].id : null);
                      go('staff');
                    }}
                  />
                ))}
              </Choices>
            </section>
          ))}
        </div>
      )}

      {step === 'staff' && service && !info.design.allowAnyStaff && service.staff.length === 0 && (
        <p className="muted">Nobody does all of these in one visit online. Go back and remove a service, or call us.</p>
      )}
      {step === 'staff' && service && (
        <Choices>
          {(info.design.allowAnyStaff || service.staff.length === 0) && (
            <ChoiceCard
              title="Anyone available"
              detail="The first free person: the most times to choose from"
              selected={staffId === null}
              onClick={() => {
                setStaffId(null);
                setSlot(null);
                go('time');
              }}
            />
          )}
          {service.staff.map((p) => (
            <ChoiceCard
              key={p.id}
              title={p.name}
              selected={staffId === p.id}
              onClick={() => {
                setStaffId(p.id);
                setSlot(null);
                go('time');
              }}
            />
          ))}
          {picked.length < MAX_VISIT_SERVICES && (
            <button
              type="button"
              className="btn btn-ghost bk-add-service"
              onClick={() => {
                setAdding(true);
                go('service');
              }}
            >
              + Add another service
            </button>
          )}
        </Choices>
      )}

      {step === 'time' && service && location && (
        <div className="stack">
          {staffId && <StaffIntro locationId={location.id} staffId={staffId} />}
          <TimePicker
            locationId={location.id}
            serviceIds={picked.map((p) => p.id)}
            staffId={staffId ?? undefined}
            timeZone={location.timeZone}
            selected={slot}
            onPick={setSlot}
          />
          <div className="bk-actions">
            <button type="button" className="btn btn-primary" disabled={!slot} onClick={() => go('details')}>
              Continue
            </button>
          </div>
        </div>
      )}

      {step === 'details' && (
        <form
          className="stack bk-details"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const found = mode === 'public' ? detailsProblems(details) : mode === 'staff' && !client ? { client: 'choose the client' } : {};
            setProblems(found);
            if (Object.keys(found).length === 0) go('confirm');
          }}
        >
          {mode === 'client' && (
            <p>
              Booking as <strong>{clientName}</strong>.
            </p>
          )}
          {mode === 'staff' && (
            <div className="field">
              <Suspense fallback={<p className="muted">Loading clients…</p>}>
                <ClientPicker value={client} onChange={setClient} label="Client" />
              </Suspense>
              {problems.client && (
                <p className="field-error" role="alert">
                  Client: {problems.client}
                </p>
              )}
            </div>
          )}
          {mode === 'public' && (
            <>
              <div className="bk-two">
                <Field
                  label="First name"
                  name="firstName"
                  error={problems['client.firstName']}
                  value={details.firstName}
                  autoComplete="given-name"
                  onChange={(v) => setDetails({ ...details, firstName: v })}
                />
                <Field
                  label="Last name"
                  name="lastName"
                  error={problems['client.lastName']}
                  value={details.lastName}
                  autoComplete="family-name"
                  onChange={(v) => setDetails({ ...details, lastName: v })}
                />
              </div>
              <Field
                label="Mobile phone"
                name="phone"
                type="tel"
                error={problems['client.phone']}
                value={details.phone}
                autoComplete="tel"
                onChange={(v) => setDetails({ ...details, phone: v })}
              />
              <Field
                label="E-mail"
                name="email"
                type="email"
                error={problems['client.email']}
                value={details.email}
                autoComplete="email"
                onChange={(v) => setDetails({ ...details, email: v })}
              />
              <label className="check">
                <input
                  type="checkbox"
                  checked={details.smsConsent}
                  disabled={!details.phone.trim()}
                  onChange={(e) => setDetails({ ...details, smsConsent: e.target.checked })}
                />
                Text me reminders and updates about my appointments
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={details.emailConsent}
                  disabled={!details.email.trim()}
                  onChange={(e) => setDetails({ ...details, emailConsent: e.target.checked })}
                />
                E-mail me confirmations and news
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={details.bookedBefore}
                  onChange={(e) => setDetails({ ...details, bookedBefore: e.target.checked })}
                />
                I&apos;ve booked with {info.businessName} before: send a link to my phone or e-mail on file to add this booking to my
                profile
              </label>
            </>
          )}
          <label className="field">
            <span>Anything we should know? (optional)</span>
            <textarea name="notes" rows={2} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </label>
          <div className="bk-actions">
            <button type="submit" className="btn btn-primary">
              Continue
            </button>
          </div>
        </form>
      )}

      {step === 'confirm' && service && slot && location && (
        <div className="stack">
          <Summary service={service} slot={slot} location={location} staffName={visitStaff(slot) || staffName || 'Anyone available'} />
          {info.design.policies && (
            <section className="bk-policies" aria-label="Policies">
              <h3>Policies</h3>
              <p>{info.design.policies}</p>
            </section>
          )}
          {refusal && (
            <div className="bk-refusal" role="alert">
              <p>{refusal.message}</p>
              {refusal.alternatives.length > 0 && (
                <div className="bk-slots" aria-label="Other free times">
                  {refusal.alternatives.map((a) => (
                    <button
                      key={`${a.startsAt}-${a.staffId}`}
                      type="button"
                      className="bk-slot"
                      onClick={() => {
                        setSlot(a);
                        setRefusal(null);
                      }}
                    >
                      {new Date(a.startsAt).toLocaleString('en-US', {
                        weekday: 'short',
                        hour: 'numeric',
                        minute: '2-digit',
                        timeZone: location.timeZone,
                      })}
                      {a.staffName ? ` · ${a.staffName}` : ''}
                    </button>
                  ))}
                </div>
              )}
            </div>
          )}
          {depositDue > 0 && (
            <p className="bk-deposit-note" data-testid="deposit-due">
              A deposit of <strong>{formatCents(depositDue)}</strong> is taken by card when you book. It comes off your bill at the salon.
            </p>
          )}
          {cardPolicy && (
            <p className="bk-deposit-note" data-testid="card-required">
              <strong>A card is required to hold your appointment.</strong>{' '}
              {depositDue > 0 ? 'The card you pay the deposit with is kept on file.' : 'You won’t be charged now.'}{' '}
              {cardFeesText(cardPolicy)}
            </p>
          )}
          <div className="bk-actions">
            <button
              type="button"
              className="btn btn-primary btn-lg"
              disabled={book.isPending || !!paying}
              onClick={() => {
                setRefusal(null);
                book.mutate();
              }}
            >
              {book.isPending
                ? 'Booking…'
                : depositDue > 0
                  ? `Book and pay ${formatCents(depositDue)} deposit`
                  : cardPolicy
                    ? 'Book and add card'
                    : 'Book appointment'}
            </button>
          </div>
        </div>
      )}

      {step === 'done' && done && location && (
        <div className="stack bk-done" data-testid="booking-confirmation">
          <p className="bk-done-lead">You are booked. {mode === 'public' ? 'We look forward to seeing you!' : ''}</p>
          {mode === 'public' && details.bookedBefore && (
            <p className="muted" data-testid="claim-sent">
              If your phone number or e-mail address is on file with us, we have sent a link to the phone or e-mail we have for you. Open it
              to add this booking to your profile.
            </p>
          )}
          <dl className="bk-summary">
            <dt>Service</dt>
            <dd>{done.appointment.serviceName}</dd>
            <dt>With</dt>
            <dd>{done.appointment.staffName}</dd>
            <dt>When</dt>
            <dd>{whenLabel(done.appointment.startsAt, location.timeZone)}</dd>
            <dt>Where</dt>
            <dd>
              {location.name}
              {location.address ? `, ${location.address}` : ''}
            </dd>
            <dt>Price</dt>
            <dd>{formatCents(done.appointment.priceMinor)}</dd>
            {depositPaid !== null && (
              <>
                <dt>Deposit paid</dt>
                <dd data-testid="deposit-paid">{formatCents(depositPaid)}</dd>
              </>
            )}
            {cardSaved && (
              <>
                <dt>Card on file</dt>
                <dd data-testid="card-saved">Saved · nothing charged now</dd>
              </>
            )}
          </dl>
          {done.formsKey ? <BookedForms formsKey={done.formsKey} /> : null}
          <div className="bk-actions">
            <a className="btn btn-primary" data-testid="add-to-calendar" download="appointment.ics" href={icsHref(done, location)}>
              Add to calendar
            </a>
            <a
              className="btn btn-secondary"
              data-testid="manage-booking"
              href={mode === 'client' ? '/booking#my-appointments' : '/booking?signin=1'}
            >
              {mode === 'client' ? 'Manage your appointments' : 'Sign in to manage it'}
            </a>
            <button type="button" className="btn btn-ghost" onClick={restart}>
              Book another appointment
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The deposit the chosen services ask, at the menu's price (the booking's answer has the exact amount). */
function visitDeposit(picked: PublicService[], service: PublicService): number {
  if (picked.length <= 1) return depositOf(service.deposit, service.priceMinor);
  return picked.reduce((sum, p) => sum + depositOf(p.deposit, p.priceMinor), 0);
}

/** The confirmation as an .ics file (a data URL: no object URL to revoke, and it survives a re-render). */
function icsHref(done: Confirmation, location: { name: string; address?: string | null }): string {
  const a = done.appointment;
  const ics = appointmentIcs({
    id: a.id,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    summary: `${a.serviceName} with ${a.staffName}`,
    location: location.address ? `${location.name}, ${location.address}` : location.name,
    description: done.policies,
    url: `${window.location.origin}/booking`,
    now: new Date(),
  });
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}

/** Who the client will see: one name, or "Dana Lee, then Jordan Patel" when a visit's parts differ. */
function visitStaff(slot: Slot): string {
  const names = [...new Set((slot.segments?.length ? slot.segments : [slot]).map((g) => g.staffName))];
  return names.join(', then ');
}

export function whenLabel(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('en-US', {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
}

function Summary({
  service,
  slot,
  location,
  staffName,
}: {
  service: PublicService;
  slot: Slot;
  location: PublicLocation;
  staffName: string;
}) {
  return (
    <dl className="bk-summary" data-testid="booking-summary">
      <dt>Service</dt>
      <dd>
        {service.name} · {formatDuration((new Date(slot.endsAt).getTime() - new Date(slot.startsAt).getTime()) / 60_000)}
      </dd>
      <dt>With</dt>
      <dd>{staffName}</dd>
      <dt>When</dt>
      <dd>{whenLabel(slot.startsAt, location.timeZone)}</dd>
      <dt>Where</dt>
      <dd>
        {location.name}
        {location.address ? `, ${location.address}` : ''}
      </dd>
      <dt>Price</dt>
      <dd>{priceLabel(service)}</dd>
    </dl>
  );
}

function Choices({ children }: { children: ReactNode }) {
  return <div className="bk-choices">{children}</div>;
}

function ChoiceCard({
  title,
  detail,
  meta,
  selected,
  onClick,
}: {
  title: string;
  detail?: string;
  meta?: string;
  selected: boolean;
  onClick(): void;
}) {
  return (
    <button type="button" className={`bk-choice${selected ? ' is-selected' : ''}`} onClick={onClick} aria-pressed={selected}>
      <span className="bk-choice-title">{title}</span>
      {meta && <span className="bk-choice-meta">{meta}</span>}
      {detail && <span className="bk-choice-detail muted">{detail}</span>}
    </button>
  );
}

function Field(props: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  type?: string;
  autoComplete?: string;
}) {
  const id = `bk-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        aria-invalid={!!props.error}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {props.label}: {props.error}
        </p>
      )}
    </div>
  );
}
