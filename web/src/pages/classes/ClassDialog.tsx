import { useState } from 'react';
import { formatLongDate } from '../../lib/format';
import { Dialog } from '../clients/Dialog';
import { checkForm, emptyForm, formFromSession, requestBody, type ClassForm } from './class-form';
import { problemOf, type ClassProblem, type ClassSession, type RoomOption } from './classes-api';

export interface ClassDialogProps {
  locationId: string;
  /** The session being edited, or null to plan a new one. */
  session: ClassSession | null;
  defaultDate: string;
  instructors: { id: string; fullName: string }[];
  rooms: RoomOption[];
  /** Sends the body; resolves when saved, rejects with the server's refusal. */
  save(body: Record<string, unknown>): Promise<unknown>;
  onClose(): void;
}

/** Plan or edit a class: instructor, room, date and time, duration, capacity, price, weekly repeat. */
export function ClassDialog({ locationId, session, defaultDate, instructors, rooms, save, onClose }: ClassDialogProps) {
  const [form, setForm] = useState<ClassForm>(() => (session ? formFromSession(session) : emptyForm(defaultDate)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<ClassProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ClassForm>(key: K, value: ClassForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = checkForm(form);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await save(requestBody(form, locationId, session));
    } catch (error) {
      const p = problemOf(error);
      setProblem(p);
      setErrors(p.fields);
    } finally {
      setSaving(false);
    }
  };
  const err = (k: string) =>
    errors[k] && (
      <span className="field-error" role="alert">
        {errors[k]}
      </span>
    );
  const instructorKnown = !form.instructorId || instructors.some((i) => i.id === form.instructorId);

  return (
    <Dialog title={session ? `Edit ${session.name}` : 'New class'} onClose={onClose} testId="class-dialog">
      <form className="form" onSubmit={submit} noValidate>
        {problem && (
          <div className="alert alert-error" role="alert" data-testid="class-error">
            {problem.message}
            {problem.conflicts.length > 1 && (
              <ul className="class-conflicts">
                {problem.conflicts.map((c) => (
                  <li key={c.startsAt}>
                    {formatLongDate(c.startsAt)}: {c.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor="class-name">Name</label>
          <input
            id="class-name"
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={120}
            autoFocus
            data-testid="class-name"
          />
          {err('name')}
        </div>
        <div className="class-form-grid">
          <div className="field">
            <label htmlFor="class-instructor">Instructor</label>
            <select
              id="class-instructor"
              value={form.instructorId}
              onChange={(e) => set('instructorId', e.target.value)}
              data-testid="class-instructor"
            >
              <option value="">Choose…</option>
              {instructors.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.fullName}
                </option>
              ))}
              {!instructorKnown && <option value={form.instructorId}>Current instructor</option>}
            </select>
            {err('instructorId')}
          </div>
          <div className="field">
            <label htmlFor="class-room">Room</label>
            <select id="class-room" value={form.roomId} onChange={(e) => set('roomId', e.target.value)} data-testid="class-room">
              <option value="">No room</option>
              {rooms
                .filter((r) => r.active || r.id === form.roomId)
                .map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
            </select>
            {err('roomId')}
          </div>
          <div className="field">
            <label htmlFor="class-date">Date</label>
            <input id="class-date" type="date" value={form.date} onChange={(e) => set('date', e.target.value)} data-testid="class-date" />
          </div>
          <div className="field">
            <label htmlFor="class-time">Starts at</label>
            <input
              id="class-time"
              type="time"
              step={300}
              value={form.time}
              onChange={(e) => set('time', e.target.value)}
              data-testid="class-time"
            />
            {err('startsAt')}
          </div>
          <div className="field">
            <label htmlFor="class-duration">Duration (min)</label>
            <input
              id="class-duration"
              inputMode="numeric"
              value={form.durationMin}
              onChange={(e) => set('durationMin', e.target.value)}
              data-testid="class-duration"
            />
            {err('durationMin')}
          </div>
          <div className="field">
            <label htmlFor="class-capacity">Capacity</label>
            <input
              id="class-capacity"
              inputMode="numeric"
              value={form.capacity}
              onChange={(e) => set('capacity', e.target.value)}
              data-testid="class-capacity"
            />
            {err('capacity')}
          </div>
          <div className="field">
            <label htmlFor="class-price">Price ($)</label>
            <input
              id="class-price"
              inputMode="decimal"
              value={form.price}
              onChange={(e) => set('price', e.target.value)}
              data-testid="class-price"
            />
            {err('priceMinor')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="class-description">Description</label>
          <textarea
            id="class-description"
            rows={2}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            maxLength={2000}
          />
        </div>
        {!session && (
          <fieldset className="class-repeat">
            <label className="checkbox-row">
              <input type="checkbox" checked={form.repeat} onChange={(e) => set('repeat', e.target.checked)} data-testid="class-repeat" />{' '}
              Repeat weekly
            </label>
            {form.repeat && (
              <div className="class-form-grid">
                <div className="field">
                  <label htmlFor="class-every">Every (weeks)</label>
                  <input id="class-every" inputMode="numeric" value={form.everyWeeks} onChange={(e) => set('everyWeeks', e.target.value)} />
                  {err('repeat.everyWeeks')}
                </div>
                <div className="field">
                  <label htmlFor="class-end-kind">Ends</label>
                  <select id="class-end-kind" value={form.endKind} onChange={(e) => set('endKind', e.target.value as ClassForm['endKind'])}>
                    <option value="count">After a number of classes</option>
                    <option value="until">On a date</option>
                  </select>
                </div>
                {form.endKind === 'count' ? (
                  <div className="field">
                    <label htmlFor="class-count">Number of classes</label>
                    <input
                      id="class-count"
                      inputMode="numeric"
                      value={form.count}
                      onChange={(e) => set('count', e.target.value)}
                      data-testid="class-count"
                    />
                    {err('repeat.count')}
                  </div>
                ) : (
                  <div className="field">
                    <label htmlFor="class-until">Last date</label>
                    <input id="class-until" type="date" value={form.until} onChange={(e) => set('until', e.target.value)} />
                    {err('repeat.until')}
                  </div>
                )}
              </div>
            )}
          </fieldset>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="save-class">
            {saving ? 'Saving…' : session ? 'Save changes' : 'Create class'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
