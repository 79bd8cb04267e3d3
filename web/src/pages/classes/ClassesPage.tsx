import { useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { ClientPicker } from '../../components/client-picker';
import { formatDate, formatTime } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/toast-store';
import { DateNav } from '../appointments/DateNav';
import { addDays, todayIn, weekStart, zonedDate, zonedToUtc } from '../appointments/time-grid';
import { Dialog } from '../clients/Dialog';
import { useStaffOptions } from '../services/staff-options';
import { ClassDialog } from './ClassDialog';
import { fillLabel } from './class-form';
import type { ScheduleClassInput, UpdateClassInput } from '../../gql/graphql';
import { problemOf, type ClassDetail, type ClassSession, type Enrolment, type RoomOption } from './classes-api';
import {
  CANCEL_CLASS,
  CANCEL_ENROLMENT,
  CLASS_DETAIL,
  CLASS_ROOMS,
  CLASS_WEEK,
  ENROL_IN_CLASS,
  MARK_ATTENDANCE,
  SCHEDULE_CLASS,
  UPDATE_CLASS,
} from './classes-gql';
import { RosterPanel } from './RosterPanel';
import './classes.css';

const dayFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'short', month: 'short', day: 'numeric' });

// Same rules as the server's (services/scheduling classes.controller.ts).
const MANAGE = { anyOf: [PERMISSIONS.EDIT_CALENDAR, PERMISSIONS.EDIT_BUSINESS_SETTINGS] };
const ENROL = { anyOf: [PERMISSIONS.CREATE_APPOINTMENTS, PERMISSIONS.EDIT_APPOINTMENTS] };
const ATTEND = { anyOf: [PERMISSIONS.UPDATE_APPOINTMENTS, PERMISSIONS.EDIT_APPOINTMENTS] };

/** /classes: the week's group sessions at the header's location; plan, edit, and run their rosters. */
export function ClassesPage() {
  const { selected } = useLocations();
  const locationId = selected?.id;
  const { can } = usePermissions();
  const rights = { manage: can(MANAGE), enrol: can(ENROL), attend: can(ATTEND) };
  const apollo = useApolloClient();
  // ?date=YYYY-MM-DD opens that week and ?session= that session's detail (the calendar links here).
  const [params, setParams] = useSearchParams();
  const [date, setDate] = useState(() => (/^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : todayIn()));
  const start = weekStart(date);
  const from = zonedToUtc(start, 0);
  const to = zonedToUtc(addDays(start, 7), 0);
  const [editing, setEditing] = useState<ClassSession | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(() => params.get('session'));
  const closeDetail = () => {
    setOpenId(null);
    if (params.has('session')) {
      const next = new URLSearchParams(params);
      next.delete('session');
      setParams(next, { replace: true });
    }
  };

  const week = useQuery(CLASS_WEEK, {
    variables: { locationId: locationId ?? '', from: from.toISOString(), to: to.toISOString() },
    skip: !locationId,
  });
  // GraphQL types status as String; the values are the contract's (scheduled | cancelled, enrolled | waitlisted | …).
  const list = { loading: week.loading && !week.data, error: week.error, data: week.data?.classSessions as ClassSession[] | undefined };
  const roomsQ = useQuery(CLASS_ROOMS, { variables: { locationId: locationId ?? '' }, skip: !locationId, fetchPolicy: 'cache-first' });
  const rooms: { data: RoomOption[] | undefined } = { data: roomsQ.data?.rooms };
  const [scheduleClass] = useMutation(SCHEDULE_CLASS);
  const [updateClass] = useMutation(UPDATE_CLASS);
  const staff = useStaffOptions();
  const staffName = (id: string) => staff.people.find((s) => s.id === id)?.fullName ?? 'Instructor';
  const roomName = (id: string | null) => (id ? (rooms.data?.find((r) => r.id === id)?.name ?? 'Room') : null);
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const today = todayIn();
  const refresh = () => apollo.refetchQueries({ include: ['ClassWeek'] });

  return (
    <section className="page classes-page" data-testid="classes-page">
      <header className="page-header">
        <div>
          <h1>Classes{selected ? <span className="muted appt-loc"> · {selected.name}</span> : null}</h1>
          <p className="muted">Group sessions with an instructor, a room and a capacity; full classes keep a waitlist.</p>
        </div>
        {rights.manage && locationId && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="new-class">
            New class
          </button>
        )}
      </header>
      <DateNav
        date={date}
        label={`${formatDate(zonedToUtc(start, 720))} – ${formatDate(zonedToUtc(addDays(start, 6), 720))}`}
        onPrev={() => setDate(addDays(date, -7))}
        onNext={() => setDate(addDays(date, 7))}
        onToday={() => setDate(todayIn())}
        onPick={setDate}
      />
      {!locationId ? (
        <div className="card empty-state">
          <h2>No location selected</h2>
          <p className="muted">Choose a location in the header.</p>
        </div>
      ) : list.loading ? (
        <Spinner fullScreen={false} />
      ) : list.error ? (
        <div className="alert alert-error" role="alert">
          Classes could not be loaded: {problemOf(list.error).message}
        </div>
      ) : (
        <div className="classes-week" data-testid="classes-week">
          {days.map((d) => {
            const sessions = (list.data ?? []).filter((s) => zonedDate(new Date(s.startsAt)) === d);
            return (
              <section key={d} className={`classes-day${d === today ? ' today' : ''}`} data-testid={`classes-day-${d}`}>
                <h2 className="classes-day-head">{dayFmt.format(zonedToUtc(d, 720))}</h2>
                {sessions.length === 0 && <p className="muted classes-none">—</p>}
                {sessions.map((s) => (
                  <button
                    key={s.id}
                    type="button"
                    className={`class-card status-${s.status}`}
                    onClick={() => setOpenId(s.id)}
                    data-testid={`class-card-${s.id}`}
                  >
                    <span className="class-card-time">
                      {formatTime(s.startsAt)}–{formatTime(s.endsAt)}
                    </span>
                    <strong>{s.name}</strong>
                    <span className="muted">
                      {staffName(s.instructorId)}
                      {s.roomId ? ` · ${roomName(s.roomId)}` : ''}
                    </span>
                    <span className="class-card-fill">{fillLabel(s)}</span>
                  </button>
                ))}
              </section>
            );
          })}
        </div>
      )}
      {editing && locationId && (
        <ClassDialog
          locationId={locationId}
          session={editing === 'new' ? null : editing}
          defaultDate={date < today ? today : date}
          instructors={staff.people}
          rooms={rooms.data ?? []}
          onClose={() => setEditing(null)}
          save={async (body) => {
            if (editing === 'new') {
              const res = (await scheduleClass({ variables: { input: body as ScheduleClassInput } })).data!.scheduleClass;
              toast({
                title: res.sessions.length > 1 ? `${res.sessions.length} classes planned` : `${res.sessions[0]?.name ?? 'Class'} planned`,
                variant: 'success',
              });
            } else {
              await updateClass({ variables: { id: editing.id, input: body as UpdateClassInput } });
              toast({ title: 'Class saved', variant: 'success' });
            }
            setEditing(null);
            await refresh();
          }}
        />
      )}
      {openId && !editing && (
        <ClassDetailDialog
          id={openId}
          rights={rights}
          instructorName={staffName}
          roomName={roomName}
          onClose={closeDetail}
          onEdit={(s) => setEditing(s)}
          onChanged={refresh}
        />
      )}
    </section>
  );
}

interface DetailProps {
  id: string;
  rights: { manage: boolean; enrol: boolean; attend: boolean };
  instructorName(id: string): string;
  roomName(id: string | null): string | null;
  onClose(): void;
  onEdit(s: ClassSession): void;
  onChanged(): Promise<unknown>;
}

/** The session's dialog: loads it with the roster's client names (from clients, through the gateway), runs the roster actions. */
function ClassDetailDialog({ id, rights, instructorName, roomName, onClose, onEdit, onChanged }: DetailProps) {
  const detailQ = useQuery(CLASS_DETAIL, { variables: { id }, fetchPolicy: 'network-only', errorPolicy: 'all' });
  const detail = {
    loading: detailQ.loading && !detailQ.data,
    error: detailQ.data ? null : detailQ.error,
    data: detailQ.data?.classSession as ClassDetail | undefined,
  };
  const nameOf = (cid: string) => detail.data?.enrolments.find((e) => e.clientId === cid)?.client?.fullName ?? 'Client';
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enrol] = useMutation(ENROL_IN_CLASS);
  const [cancelPlace] = useMutation(CANCEL_ENROLMENT);
  const [attendance] = useMutation(MARK_ATTENDANCE);
  const [cancelSession] = useMutation(CANCEL_CLASS);

  const [pending, setPending] = useState(false);
  const act = {
    isPending: pending,
    mutate: (run: () => Promise<string | null>) => {
      setNotice(null);
      setError(null);
      setPending(true);
      void run()
        .then(
          async (message) => {
            setNotice(message);
            await Promise.all([detailQ.refetch(), onChanged()]);
          },
          (e: unknown) => setError(problemOf(e).message),
        )
        .finally(() => setPending(false));
    },
  };

  const d = detail.data;
  return (
    <Dialog title={d ? d.name : 'Class'} onClose={onClose} testId="class-detail-dialog" wide>
      {detail.loading ? (
        <Spinner fullScreen={false} />
      ) : detail.error || !d ? (
        <div className="alert alert-error" role="alert">
          {problemOf(detail.error).message}
        </div>
      ) : (
        <RosterPanel
          detail={d}
          instructorName={instructorName(d.instructorId)}
          roomName={roomName(d.roomId)}
          clientName={nameOf}
          now={new Date()}
          can={rights}
          busy={act.isPending}
          notice={notice}
          error={error}
          picker={({ value, onChange }) => (
            <ClientPicker
              value={value}
              onChange={onChange}
              label="Add a client"
              excludeIds={d.enrolments.filter((e) => e.status !== 'cancelled').map((e) => e.clientId)}
            />
          )}
          onEnrol={(client) =>
            act.mutate(async () => {
              const e = (await enrol({ variables: { sessionId: d.id, clientId: client.id } })).data!.enrolInClass;
              return e.status === 'waitlisted'
                ? `${client.fullName} is on the waitlist (#${e.waitlistPosition})`
                : `${client.fullName} is enrolled`;
            })
          }
          onCancelEnrolment={(e: Enrolment) =>
            act.mutate(async () => {
              const res = (await cancelPlace({ variables: { sessionId: d.id, enrolmentId: e.id } })).data!.cancelClassEnrolment;
              const moved = res.promoted.map((p) => nameOf(p.clientId));
              return moved.length
                ? `${nameOf(e.clientId)}'s place was cancelled; ${moved.join(', ')} moved up from the waitlist`
                : `${nameOf(e.clientId)}'s place was cancelled`;
            })
          }
          onAttendance={(e, status) =>
            act.mutate(async () => {
              await attendance({ variables: { sessionId: d.id, enrolmentId: e.id, status } });
              return null;
            })
          }
          onEdit={() => onEdit(d)}
          onCancelClass={(reason) =>
            act.mutate(async () => {
              await cancelSession({ variables: { id: d.id, reason } });
              return `${d.name} was cancelled`;
            })
          }
        />
      )}
    </Dialog>
  );
}
