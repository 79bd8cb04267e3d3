// @vitest-environment jsdom
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DayView, columnOrder } from './DayView';
import { WeekView } from './WeekView';
import { groupByTime } from './AppointmentsMobilePage';
import type { Appointment } from './appointments-api';
import type { ClassSession } from '../classes/classes-api';

afterEach(cleanup);

/** A day with nothing booked and no one working: each test passes only what it is about. */
const dayView = (props: Partial<ComponentProps<typeof DayView>>) => (
  <DayView
    date="2026-11-21"
    items={[]}
    workingHours={[]}
    staff={[]}
    staffNames={new Map()}
    clientNames={new Map()}
    onEmptySlot={() => undefined}
    onMove={() => undefined}
    onStatus={() => undefined}
    pending={new Map()}
    busy={false}
    {...props}
  />
);

const appt = (id: string, h: number, status = 'booked'): Appointment => ({
  id,
  locationId: 'l',
  clientId: 'c1',
  status,
  startsAt: new Date(Date.UTC(2026, 10, 21, h + 6)).toISOString(),
  endsAt: new Date(Date.UTC(2026, 10, 21, h + 7)).toISOString(),
  serviceId: 's',
  serviceName: 'Cut',
  staffId: 'st1',
  version: 1,
});

describe('DayView', () => {
  it('renders staff columns, slots and blocks; an empty slot opens booking', () => {
    const onEmptySlot = vi.fn();
    render(
      dayView({
        items: [appt('a1', 10)],
        workingHours: [{ staffId: 'st1', weekday: 6, start: '09:00', end: '17:00', kind: 'work' }],
        staffNames: new Map([['st1', 'Ana']]),
        clientNames: new Map([['c1', 'Bea Cole']]),
        onEmptySlot,
      }),
    );
    expect(screen.getByTestId('staff-column-st1')).toBeTruthy();
    expect(screen.getByTestId('appointment-a1').textContent).toContain('Bea Cole');
    fireEvent.click(screen.getByTestId('slot-st1-0930'));
    expect(onEmptySlot).toHaveBeenCalledWith('st1', 570);
    expect(screen.queryByTestId('slot-st1-1700')).toBeNull();
  });
  it('marks a paid visit (its checkout closed at the POS)', () => {
    render(
      dayView({
        items: [{ ...appt('a1', 10, 'completed'), paidAt: '2026-11-21T17:05:00.000Z' }, appt('a2', 12, 'completed')],
        workingHours: [{ staffId: 'st1', weekday: 6, start: '09:00', end: '17:00', kind: 'work' }],
        staffNames: new Map([['st1', 'Ana']]),
        clientNames: new Map([['c1', 'Bea Cole']]),
      }),
    );
    expect(screen.getByTestId('appointment-a1').getAttribute('data-paid')).toBe('true');
    expect(screen.getByTestId('appointment-a1').textContent).toContain('Completed · Paid');
    expect(screen.getByTestId('appointment-a2').getAttribute('data-paid')).toBeNull();
    expect(screen.getByTestId('appointment-a2').textContent).not.toContain('Paid');
  });

  it('offers the allowed status actions', () => {
    const onStatus = vi.fn();
    render(dayView({ items: [appt('a1', 10)], onStatus }));
    fireEvent.click(screen.getByTestId('appointment-menu-a1'));
    fireEvent.click(screen.getByTestId('status-confirmed'));
    expect(onStatus).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }), 'confirmed', undefined);
  });
  it('offers Checkout on a completed unpaid appointment, not on a paid or cancelled one, and none without the POS', () => {
    const onCheckout = vi.fn();
    const items = [
      appt('a1', 10, 'completed'),
      { ...appt('a2', 12, 'completed'), paidAt: '2026-11-21T19:05:00.000Z' },
      appt('a3', 14, 'cancelled'),
    ];
    const view = (props: { canChange: boolean; onCheckout?: (a: Appointment) => void }) => dayView({ items, ...props });
    const { rerender } = render(view({ canChange: true, onCheckout }));
    // A completed visit has no status left to move to: the menu holds Checkout alone.
    fireEvent.click(screen.getByTestId('appointment-menu-a1'));
    expect(screen.getAllByRole('menuitem').map((b) => b.textContent)).toEqual(['Checkout']);
    fireEvent.click(screen.getByTestId('appointment-checkout'));
    expect(onCheckout).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByTestId('appointment-menu-a2'));
    expect(screen.queryByTestId('appointment-checkout')).toBeNull();
    expect(screen.getByText('No further status changes')).toBeTruthy();
    fireEvent.click(screen.getByTestId('appointment-menu-a2'));
    // The POS without calendar changes: the menu is there for Checkout, without status changes.
    rerender(view({ canChange: false, onCheckout }));
    expect(screen.queryByTestId('appointment-menu-a2')).toBeNull();
    expect(screen.queryByTestId('appointment-menu-a3')).toBeNull();
    fireEvent.click(screen.getByTestId('appointment-menu-a1'));
    expect(screen.getAllByRole('menuitem').map((b) => b.textContent)).toEqual(['Checkout']);
    // Without the POS permission there is no Checkout anywhere.
    rerender(view({ canChange: true }));
    fireEvent.click(screen.getByTestId('appointment-menu-a1'));
    expect(screen.queryByTestId('appointment-checkout')).toBeNull();
  });
  it('shades unavailable times with the reason on hover, and a click there gives the reason instead of booking', () => {
    const onEmptySlot = vi.fn();
    const onBlocked = vi.fn();
    const lunch = {
      startsAt: new Date(Date.UTC(2026, 10, 21, 18, 30)).toISOString(),
      endsAt: new Date(Date.UTC(2026, 10, 21, 19)).toISOString(),
      code: 'staff-break',
      reason: 'Ana is on break (Lunch)',
    };
    render(
      dayView({
        workingHours: [{ staffId: 'st1', weekday: 6, start: '09:00', end: '17:00', kind: 'work' }],
        unavailable: [{ staffId: 'st1', name: 'Ana', intervals: [lunch] }],
        staffNames: new Map([['st1', 'Ana']]),
        onEmptySlot,
        onBlocked,
      }),
    );
    const shade = screen.getByTestId('unavailable-st1-1230');
    expect(shade.getAttribute('title')).toBe('Ana is on break (Lunch)');
    expect(shade.getAttribute('aria-label')).toBe('12:30 PM–1:00 PM: Ana is on break (Lunch)');
    fireEvent.click(shade);
    fireEvent.click(screen.getByTestId('slot-st1-1245'));
    expect(onBlocked).toHaveBeenCalledTimes(2);
    expect(onBlocked).toHaveBeenCalledWith('Ana is on break (Lunch)');
    expect(onEmptySlot).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('slot-st1-1300'));
    expect(onEmptySlot).toHaveBeenCalledWith('st1', 780);
  });
  it('resizes from the keyboard in 15-minute steps', () => {
    const onResize = vi.fn();
    render(dayView({ items: [appt('a1', 10)], onResize }));
    fireEvent.keyDown(screen.getByTestId('resize-a1'), { key: 'ArrowDown' });
    expect(onResize).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 'a1' }),
      new Date(Date.UTC(2026, 10, 21, 17, 15)).toISOString(),
    );
    fireEvent.keyDown(screen.getByTestId('resize-a1'), { key: 'ArrowUp' });
    expect(onResize).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 'a1' }),
      new Date(Date.UTC(2026, 10, 21, 16, 45)).toISOString(),
    );
  });
  it('orders columns by the shading (by name), then others by name, whatever the data order', () => {
    const names = new Map([
      ['z', 'Zoe'],
      ['a', 'Ann'],
      ['m', 'Mia'],
      ['b', 'Bob'],
    ]);
    const shading = [
      { staffId: 'a', name: 'Ann', intervals: [] },
      { staffId: 'z', name: 'Zoe', intervals: [] },
    ];
    const items = [
      { ...appt('x', 10), staffId: 'z' },
      { ...appt('y', 11), staffId: 'm' },
      { ...appt('w', 12), staffId: 'b' },
    ];
    expect(columnOrder(shading, ['z', 'a'], items, names, [])).toEqual(['a', 'z', 'b', 'm']);
    expect(columnOrder(null, ['z', 'm', 'a'], [], names, [])).toEqual(['a', 'm', 'z']);
  });
  it('shows one person’s week with their unavailable times', () => {
    const off = {
      startsAt: new Date(Date.UTC(2026, 10, 17, 6)).toISOString(),
      endsAt: new Date(Date.UTC(2026, 10, 18, 6)).toISOString(),
      code: 'staff-time-off',
      reason: 'Ana is away (Vacation)',
    };
    const { rerender } = render(
      <WeekView
        weekStart="2026-11-16"
        items={[]}
        staffNames={
          new Map([
            ['st1', 'Ana'],
            ['st2', 'Ben'],
          ])
        }
        clientNames={new Map()}
        onPickDay={() => undefined}
        unavailable={[
          { staffId: 'st1', name: 'Ana', intervals: [off] },
          { staffId: 'st2', name: 'Ben', intervals: [] },
        ]}
        staffId=""
        onPickStaff={() => undefined}
      />,
    );
    expect(screen.getByTestId('week-off-2026-11-17-st1').textContent).toBe('Ana is away (Vacation)');
    rerender(
      <WeekView
        weekStart="2026-11-16"
        items={[]}
        staffNames={
          new Map([
            ['st1', 'Ana'],
            ['st2', 'Ben'],
          ])
        }
        clientNames={new Map()}
        onPickDay={() => undefined}
        unavailable={[
          { staffId: 'st1', name: 'Ana', intervals: [off] },
          { staffId: 'st2', name: 'Ben', intervals: [] },
        ]}
        staffId="st1"
        onPickStaff={() => undefined}
      />,
    );
    const shade = screen.getByTestId('unavailable-2026-11-17-0800');
    expect(shade.getAttribute('title')).toBe('Ana is away (Vacation)');
    expect(screen.getAllByTestId(/^week-column-/)).toHaveLength(7);
  });
  it('groups the mobile list by start time', () => {
    const g = groupByTime([appt('b', 11), appt('a', 10), appt('c', 10)]);
    expect(g.map((x) => x.items.map((i) => i.id))).toEqual([['a', 'c'], ['b']]);
  });
});

const at = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 21, h + 6, m)).toISOString(); // Chicago CST, 2026-11-21
const yoga = (over: Partial<ClassSession> = {}): ClassSession => ({
  id: 'k1',
  locationId: 'l',
  seriesId: null,
  name: 'Yoga Flow',
  description: null,
  category: null,
  instructorId: 'st2',
  roomId: null,
  startsAt: at(13),
  endsAt: at(14),
  durationMin: 60,
  capacity: 10,
  priceMinor: 1500,
  currency: 'USD',
  status: 'scheduled',
  cancelReason: null,
  createdBy: null,
  version: 1,
  enrolledCount: 8,
  waitlistedCount: 2,
  createdAt: at(0),
  updatedAt: at(0),
  ...over,
});
/** Colour with Ana (st1) 10:00–11:30, then Cut with Ben (st2) 11:30–12:15. */
const visit: Appointment = {
  id: 'v1',
  locationId: 'l',
  clientId: 'c1',
  status: 'booked',
  startsAt: at(10),
  endsAt: at(12, 15),
  serviceId: 's-colour',
  serviceName: 'Colour + Cut',
  staffId: 'st1',
  version: 2,
  service: {
    name: 'Colour + Cut',
    segments: [
      { id: 's-colour', name: 'Colour' },
      { id: 's-cut', name: 'Cut' },
    ],
  },
  segments: [
    { position: 1, serviceId: 's-colour', staffId: 'st1', startsAt: at(10), endsAt: at(11, 30) },
    { position: 2, serviceId: 's-cut', staffId: 'st2', startsAt: at(11, 30), endsAt: at(12, 15) },
  ],
};
const hours = [
  { staffId: 'st1', weekday: 6, start: '09:00', end: '17:00', kind: 'work' as const },
  { staffId: 'st2', weekday: 6, start: '09:00', end: '17:00', kind: 'work' as const },
];
const names = new Map([
  ['st1', 'Ana'],
  ['st2', 'Ben'],
]);
// The server's wording (its own name for Ben), told apart from the block's fallback below.
const teaching = { startsAt: at(13), endsAt: at(14), code: 'staff-busy', reason: 'Ben Ortiz is teaching Yoga Flow' };

// jsdom has no PointerEvent: a MouseEvent of that type carries the coordinates the drag reads.
const pointerAt = (target: Element | Window, type: string, clientX: number, clientY: number) =>
  fireEvent(target, new MouseEvent(type, { button: 0, clientX, clientY, bubbles: true }));
const pointerOnWindow = (type: string, clientX: number, clientY: number) => pointerAt(window, type, clientX, clientY);

function day(props: Partial<Parameters<typeof DayView>[0]> = {}) {
  return render(
    dayView({
      workingHours: hours,
      staffNames: names,
      clientNames: new Map([['c1', 'Bea Cole']]),
      unavailable: [
        { staffId: 'st1', name: 'Ana', intervals: [] },
        { staffId: 'st2', name: 'Ben', intervals: [teaching] },
      ],
      onResize: () => undefined,
      ...props,
    }),
  );
}

describe('DayView: classes', () => {
  it('draws a class in its instructor’s column over the shading, with badge, time, fill and waitlist, keeping the reason', () => {
    day({ classes: [yoga()] });
    const block = screen.getByTestId('class-block-k1');
    expect(screen.getByTestId('staff-column-st2').contains(block)).toBe(true);
    expect(screen.getByTestId('staff-column-st1').contains(block)).toBe(false);
    expect(block.textContent).toContain('Class');
    expect(block.textContent).toContain('Yoga Flow');
    expect(block.textContent).toContain('1:00 PM – 2:00 PM');
    expect(screen.getByTestId('class-block-k1-fill').textContent).toBe('8/10 · 2 waiting');
    expect(block.className).toContain('appt-class');
    // The grid starts at 9 AM (the working hours): 1 PM is 240 minutes down; 60 minutes tall.
    expect(block.style.top).toBe(`${240 * 1.2}px`);
    expect(block.style.height).toBe(`${60 * 1.2}px`);
    expect(block.getAttribute('title')).toBe('Ben Ortiz is teaching Yoga Flow');
    expect(block.getAttribute('aria-label')).toContain('Ben Ortiz is teaching Yoga Flow');
    expect(block.getAttribute('href')).toBe('/classes?date=2026-11-21&session=k1');
    // The shading stays under it.
    expect(screen.getByTestId('unavailable-st2-1300').getAttribute('title')).toBe('Ben Ortiz is teaching Yoga Flow');
  });
  it('opens the class on click, and is neither draggable nor resizable', () => {
    const onOpenClass = vi.fn();
    const onEmptySlot = vi.fn();
    day({ classes: [yoga()], onOpenClass, onEmptySlot });
    const block = screen.getByTestId('class-block-k1');
    expect(block.className).not.toContain('movable');
    expect(block.querySelector('.appt-resize')).toBeNull();
    fireEvent.click(block);
    expect(onOpenClass).toHaveBeenCalledWith(expect.objectContaining({ id: 'k1' }));
    expect(onEmptySlot).not.toHaveBeenCalled();
  });
  it('words the reason itself when the shading has none there', () => {
    day({
      classes: [yoga()],
      unavailable: [
        { staffId: 'st1', name: 'Ana', intervals: [] },
        { staffId: 'st2', name: 'Ben', intervals: [] },
      ],
    });
    expect(screen.getByTestId('class-block-k1').getAttribute('title')).toBe('Ben is teaching Yoga Flow');
  });
  it('does not draw cancelled sessions', () => {
    day({ classes: [yoga({ status: 'cancelled' })] });
    expect(screen.queryByTestId('class-block-k1')).toBeNull();
  });
  it('gives an instructor outside the shading a column for their class', () => {
    day({ classes: [yoga({ instructorId: 'st3' })], staffNames: new Map([...names, ['st3', 'Cy']]) });
    expect(screen.getByTestId('staff-column-st3').contains(screen.getByTestId('class-block-k1'))).toBe(true);
  });
});

describe('DayView: a visit of several services', () => {
  it('draws each part in its performer’s column, labelled, and linked on hover', () => {
    day({ items: [visit] });
    const first = screen.getByTestId('appointment-v1-part-1');
    const second = screen.getByTestId('appointment-v1-part-2');
    expect(screen.getByTestId('staff-column-st1').contains(first)).toBe(true);
    expect(screen.getByTestId('staff-column-st2').contains(second)).toBe(true);
    expect(first.textContent).toContain('Bea Cole');
    expect(first.textContent).toContain('Colour · part 1 of 2');
    expect(first.textContent).toContain('10:00 AM – 11:30 AM');
    expect(second.textContent).toContain('Cut · part 2 of 2');
    expect(second.textContent).toContain('11:30 AM – 12:15 PM');
    expect(second.style.top).toBe(`${150 * 1.2}px`);
    expect(second.style.height).toBe(`${45 * 1.2}px`);
    expect(screen.queryByTestId('appointment-v1')).toBeNull();
    expect(first.getAttribute('title')).toContain('Move a multi-service visit by cancelling and booking it again');
    expect(first.getAttribute('title')).toContain('Cut with Ben, 11:30 AM – 12:15 PM');
    fireEvent.mouseEnter(second);
    expect(first.className).toContain('linked');
    expect(second.className).toContain('linked');
    fireEvent.mouseLeave(second);
    expect(first.className).not.toContain('linked');
  });
  it('cannot be dragged or resized; its menu shows the whole visit and still changes the status', () => {
    const onMove = vi.fn();
    const onStatus = vi.fn();
    day({ items: [visit], onMove, onStatus });
    const first = screen.getByTestId('appointment-v1-part-1');
    expect(first.className).not.toContain('movable');
    expect(screen.queryByTestId('resize-v1')).toBeNull();
    pointerAt(first, 'pointerdown', 10, 10);
    pointerOnWindow('pointermove', 10, 200);
    pointerOnWindow('pointerup', 10, 200);
    expect(first.className).not.toContain('dragging');
    expect(onMove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('appointment-menu-v1:2'));
    const summary = screen.getByTestId('visit-v1');
    expect(summary.textContent).toContain('Colour with Ana, 10:00 AM – 11:30 AM');
    expect(summary.textContent).toContain('Cut with Ben, 11:30 AM – 12:15 PM');
    expect(summary.querySelector('[aria-current="true"]')?.textContent).toContain('Cut');
    fireEvent.click(screen.getByTestId('status-confirmed'));
    expect(onStatus).toHaveBeenCalledWith(expect.objectContaining({ id: 'v1' }), 'confirmed', undefined);
  });
  it('a single-service appointment still drags (the control for the refusal above)', () => {
    const onMove = vi.fn();
    day({
      items: [{ ...appt('a1', 10), segments: [{ position: 1, serviceId: 's', staffId: 'st1', startsAt: at(10), endsAt: at(11) }] }],
      onMove,
    });
    const block = screen.getByTestId('appointment-a1');
    expect(block.className).toContain('movable');
    expect(screen.getByTestId('resize-a1')).toBeTruthy();
    pointerAt(block, 'pointerdown', 10, 10);
    pointerOnWindow('pointermove', 10, 10 + 60 * 1.2);
    expect(screen.getByTestId('appointment-a1').className).toContain('dragging');
    pointerOnWindow('pointerup', 10, 10 + 60 * 1.2);
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }), 'st1', at(11));
  });
});

describe('WeekView: classes and visits', () => {
  it('lists classes with the appointments of their day, and a visit once with everyone in it', () => {
    const onOpenClass = vi.fn();
    const onPickDay = vi.fn();
    render(
      <WeekView
        weekStart="2026-11-16"
        items={[visit]}
        staffNames={names}
        clientNames={new Map()}
        onPickDay={onPickDay}
        unavailable={[
          { staffId: 'st1', name: 'Ana', intervals: [] },
          { staffId: 'st2', name: 'Ben', intervals: [] },
        ]}
        staffId=""
        onPickStaff={() => undefined}
        classes={[yoga(), yoga({ id: 'k2', status: 'cancelled' })]}
        onOpenClass={onOpenClass}
      />,
    );
    const list = screen.getByTestId('week-day-2026-11-21');
    const entries = [...list.querySelectorAll('[data-testid^="appointment-"], [data-testid^="week-class-"]')].map((e) =>
      e.getAttribute('data-testid'),
    );
    expect(entries).toEqual(['appointment-v1', 'week-class-k1']);
    expect(screen.getByTestId('appointment-v1').textContent).toContain('Colour + Cut · Ana, Ben');
    const cls = screen.getByTestId('week-class-k1');
    expect(cls.textContent).toContain('Class');
    expect(cls.textContent).toContain('8/10 · 2 waiting · Ben');
    fireEvent.click(cls);
    expect(onOpenClass).toHaveBeenCalledWith(expect.objectContaining({ id: 'k1' }));
    expect(onPickDay).not.toHaveBeenCalled();
  });
  it('one person’s week shows their part of a visit and the classes they teach', () => {
    render(
      <WeekView
        weekStart="2026-11-16"
        items={[visit]}
        staffNames={names}
        clientNames={new Map()}
        onPickDay={() => undefined}
        unavailable={[
          { staffId: 'st1', name: 'Ana', intervals: [] },
          { staffId: 'st2', name: 'Ben', intervals: [teaching] },
        ]}
        staffId="st2"
        onPickStaff={() => undefined}
        workingHours={hours}
        classes={[yoga()]}
      />,
    );
    const column = screen.getByTestId('week-column-2026-11-21');
    expect(column.contains(screen.getByTestId('appointment-v1-part-2'))).toBe(true);
    expect(screen.queryByTestId('appointment-v1-part-1')).toBeNull();
    expect(column.contains(screen.getByTestId('class-block-k1'))).toBe(true);
    expect(screen.getByTestId('class-block-k1').getAttribute('title')).toBe('Ben Ortiz is teaching Yoga Flow');
  });
});

describe('DayView: from the keyboard', () => {
  const focused = () => document.activeElement as HTMLElement;

  it('is one tab stop that hands the focus to a cell, and moves between cells and people with the arrow keys', () => {
    day();
    // No cell is a tab stop of its own (too small a target); the grid is, and gives the focus to the first cell.
    expect(document.querySelectorAll('[data-cell-min][tabindex="0"]')).toHaveLength(0);
    const grid = screen.getByTestId('calendar-grid');
    expect(grid.getAttribute('tabindex')).toBe('0');
    grid.focus();
    fireEvent.focusIn(grid);
    const first = screen.getByTestId('slot-st1-0900');
    expect(focused()).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(focused().dataset.testid).toBe('slot-st1-0915');
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    expect(focused().dataset.testid).toBe('slot-st2-0915');
    fireEvent.keyDown(focused(), { key: 'End' });
    expect(focused().dataset.testid).toBe('slot-st2-1645');
    // Tab back into the grid lands where the user left it.
    screen.getByRole('button', { name: /^Book Ana at 9:00 AM/ }).focus();
    grid.focus();
    fireEvent.focusIn(grid);
    expect(focused().dataset.testid).toBe('slot-st2-1645');
  });

  it('lands on an appointment drawn over a cell, opens it with Enter, and steps past it', () => {
    const onOpen = vi.fn();
    day({ items: [appt('a1', 10)], onOpen });
    const above = screen.getByTestId('slot-st1-0945');
    above.focus();
    fireEvent.keyDown(above, { key: 'ArrowDown' });
    expect(focused().dataset.testid).toBe('open-appointment-a1');
    fireEvent.click(focused());
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }), focused());
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    expect(focused().dataset.testid).toBe('slot-st1-1100');
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    expect(focused().dataset.testid).toBe('open-appointment-a1');
  });

  it('books with Enter on an empty cell and gives the reason on a shaded one', () => {
    const onEmptySlot = vi.fn();
    const onBlocked = vi.fn();
    day({ onEmptySlot, onBlocked });
    fireEvent.keyDown(screen.getByTestId('slot-st1-1000'), { key: 'Enter' });
    expect(onEmptySlot).toHaveBeenCalledWith('st1', 600);
    fireEvent.keyDown(screen.getByTestId('slot-st2-1300'), { key: ' ' });
    expect(onBlocked).toHaveBeenCalledWith('Ben Ortiz is teaching Yoga Flow');
  });

  it('moves an appointment with Alt and the arrow keys, and not one that cannot move', () => {
    const onMove = vi.fn();
    day({ items: [appt('a1', 10), { ...appt('a2', 15, 'completed') }], onMove, onOpen: () => undefined });
    const a1 = screen.getByTestId('open-appointment-a1');
    fireEvent.keyDown(a1, { key: 'ArrowDown', altKey: true });
    expect(onMove).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'a1' }), 'st1', at(10, 15));
    fireEvent.keyDown(a1, { key: 'ArrowRight', altKey: true });
    expect(onMove).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'a1' }), 'st2', at(10));
    // Off the people: no move.
    fireEvent.keyDown(a1, { key: 'ArrowLeft', altKey: true });
    expect(onMove).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(screen.getByTestId('open-appointment-a2'), { key: 'ArrowUp', altKey: true });
    expect(onMove).toHaveBeenCalledTimes(2);
  });

  it('waits for the answer to the last move before the next', () => {
    const onMove = vi.fn();
    day({ items: [appt('a1', 10)], onMove, onOpen: () => undefined, pending: new Map([['a1', { staffId: 'st1', startMin: 615 }]]) });
    fireEvent.keyDown(screen.getByTestId('open-appointment-a1'), { key: 'ArrowDown', altKey: true });
    expect(onMove).not.toHaveBeenCalled();
  });
});

describe('DayView: a drag over empty cells', () => {
  it('selects a range in one column and hands it over, without booking the first cell', () => {
    const onSelectRange = vi.fn();
    const onEmptySlot = vi.fn();
    day({ onSelectRange, onEmptySlot });
    const start = screen.getByTestId('slot-st1-1000');
    pointerAt(start, 'pointerdown', 10, 100);
    pointerOnWindow('pointermove', 10, 100 + 45 * 1.2);
    expect(screen.getByTestId('calendar-selection').textContent).toBe('10:00 AM – 11:00 AM');
    pointerOnWindow('pointerup', 10, 100 + 45 * 1.2);
    fireEvent.click(start);
    expect(onSelectRange).toHaveBeenCalledWith('st1', 600, 660);
    expect(onEmptySlot).not.toHaveBeenCalled();
    expect(screen.queryByTestId('calendar-selection')).toBeNull();
  });

  it('selects upwards too, and a click without a drag still books', () => {
    const onSelectRange = vi.fn();
    const onEmptySlot = vi.fn();
    day({ onSelectRange, onEmptySlot });
    const start = screen.getByTestId('slot-st1-1000');
    pointerAt(start, 'pointerdown', 10, 100);
    pointerOnWindow('pointermove', 10, 100 - 30 * 1.2);
    pointerOnWindow('pointerup', 10, 100 - 30 * 1.2);
    expect(onSelectRange).toHaveBeenCalledWith('st1', 570, 615);
    const other = screen.getByTestId('slot-st1-1200');
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1000);
    pointerAt(other, 'pointerdown', 10, 300);
    pointerOnWindow('pointerup', 10, 300);
    fireEvent.click(other);
    vi.restoreAllMocks();
    expect(onEmptySlot).toHaveBeenCalledWith('st1', 720);
    expect(onSelectRange).toHaveBeenCalledTimes(1);
  });

  it('Escape drops the selection', () => {
    const onSelectRange = vi.fn();
    day({ onSelectRange });
    pointerAt(screen.getByTestId('slot-st1-1000'), 'pointerdown', 10, 100);
    pointerOnWindow('pointermove', 10, 160);
    fireEvent.keyDown(window, { key: 'Escape' });
    pointerOnWindow('pointerup', 10, 160);
    expect(onSelectRange).not.toHaveBeenCalled();
  });
});
