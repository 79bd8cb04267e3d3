import { describe, expect, it } from 'vitest';
import { STATUS_DISPLAY, statusTime } from './message-status';

describe('message status display', () => {
  it('has a badge for every status', () => {
    expect(Object.keys(STATUS_DISPLAY).sort()).toEqual(['delivered', 'failed', 'queued', 'sending', 'sent', 'suppressed']);
    expect(STATUS_DISPLAY.delivered.badge).toBe('badge-success');
    expect(STATUS_DISPLAY.failed.badge).toBe('badge-danger');
  });

  it('shows the time of the latest step', () => {
    const m = { queuedAt: 'q', sentAt: 's', deliveredAt: 'd', failedAt: null, updatedAt: 'u' };
    expect(statusTime({ ...m, status: 'queued' })).toBe('q');
    expect(statusTime({ ...m, status: 'sent' })).toBe('s');
    expect(statusTime({ ...m, status: 'delivered' })).toBe('d');
    expect(statusTime({ ...m, status: 'failed' })).toBe('u');
  });
});
