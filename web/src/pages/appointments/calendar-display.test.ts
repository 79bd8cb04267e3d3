import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ZOOM,
  SERVICE_PALETTE,
  blockColour,
  blockLine,
  clampZoom,
  isShortBlock,
  legendEntries,
  pxPerMinAt,
  serviceColour,
  visibleAppointments,
} from './calendar-display';
import { STATUS_COLOR } from './status';
import { contrastRatio } from '../../lib/theme';

describe('calendar display rules', () => {
  const items = ['booked', 'cancelled', 'no-show', 'completed'].map((status, i) => ({ id: String(i), status }));

  it('hides cancelled and no-show unless asked to show them', () => {
    expect(visibleAppointments(items, false).map((a) => a.status)).toEqual(['booked', 'completed']);
    expect(visibleAppointments(items, true)).toHaveLength(4);
  });

  it('lays out blocks of 30 minutes or less on one line', () => {
    expect(isShortBlock(600, 630)).toBe(true);
    expect(isShortBlock(600, 615)).toBe(true);
    expect(isShortBlock(600, 645)).toBe(false);
    expect(blockLine('Ana Ruiz', 'Haircut', '10:00 AM – 10:30 AM')).toBe('Ana Ruiz · Haircut · 10:00 AM – 10:30 AM');
  });

  it('colours by status, or by service with a colour that stays with the service; cancelled stays grey', () => {
    expect(blockColour('status', { status: 'confirmed' }, 's1')).toEqual(STATUS_COLOR.confirmed);
    expect(blockColour('service', { status: 'confirmed' }, 's1')).toEqual(serviceColour('s1'));
    expect(serviceColour('s1')).toEqual(serviceColour('s1'));
    expect(SERVICE_PALETTE).toContainEqual(serviceColour('another'));
    expect(blockColour('service', { status: 'cancelled' }, 's1')).toEqual(STATUS_COLOR.cancelled);
  });

  it('the legend lists the live statuses (and the hidden two when shown), or each service drawn once by name', () => {
    expect(legendEntries('status', [], false).map((e) => e.label)).toEqual([
      'Booked',
      'Confirmed',
      'Checked in',
      'In service',
      'Completed',
    ]);
    expect(legendEntries('status', [], true).map((e) => e.label)).toContain('No-show');
    const shown = [
      { serviceId: 'b', serviceName: 'Haircut' },
      { serviceId: 'a', serviceName: 'Colour' },
      { serviceId: 'b', serviceName: 'Haircut' },
    ];
    expect(legendEntries('service', shown, false).map((e) => [e.key, e.label])).toEqual([
      ['a', 'Colour'],
      ['b', 'Haircut'],
    ]);
  });

  it('zooms between fixed slot heights, the default being 18 px per 15 minutes', () => {
    expect(pxPerMinAt(DEFAULT_ZOOM) * 15).toBeCloseTo(18);
    expect(clampZoom(-3)).toBe(0);
    expect(clampZoom(99)).toBe(3);
    expect(pxPerMinAt(3)).toBeGreaterThan(pxPerMinAt(2));
  });
});

describe('block colours in both themes', () => {
  const modes = (value: string): [string, string] => {
    const m = /^light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)$/.exec(value);
    return m ? [m[1]!, m[2]!] : [value, value];
  };
  const colours = [...Object.entries(STATUS_COLOR), ...SERVICE_PALETTE.map((c, i) => [`service ${i}`, c] as const)];

  it.each(colours)('%s reads at WCAG AA in light and dark mode', (_name, colour) => {
    const [bgLight, bgDark] = modes(colour.bg);
    const [textLight, textDark] = modes(colour.text);
    expect(contrastRatio(textLight, bgLight)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(textDark, bgDark)).toBeGreaterThanOrEqual(4.5);
    // Dark mode fills stay dark: no pastel block on the near-black calendar.
    expect(contrastRatio(bgDark, '#151821')).toBeLessThan(1.6);
  });
});
