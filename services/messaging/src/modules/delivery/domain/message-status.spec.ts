import { describe, expect, it } from 'vitest';
import { isFinished, statusAfterReport } from './message-status.js';

describe('message status', () => {
  it('treats sent, delivered, failed and suppressed as finished (a job never sends them again)', () => {
    expect(['queued', 'sending'].map((s) => isFinished(s as never))).toEqual([false, false]);
    expect(['sent', 'delivered', 'failed', 'suppressed'].every((s) => isFinished(s as never))).toBe(true);
  });

  it('moves forward on delivery reports, never backwards', () => {
    expect(statusAfterReport('sent', 'delivered')).toBe('delivered');
    expect(statusAfterReport('sending', 'delivered')).toBe('delivered');
    expect(statusAfterReport('delivered', 'sent')).toBeNull();
    expect(statusAfterReport('sent', 'sent')).toBeNull();
    expect(statusAfterReport('sending', 'sent')).toBe('sent');
  });

  it('lets a bounce follow a delivery but not a delivery follow a failure', () => {
    expect(statusAfterReport('delivered', 'failed')).toBe('failed');
    expect(statusAfterReport('failed', 'delivered')).toBeNull();
    expect(statusAfterReport('suppressed', 'delivered')).toBeNull();
  });
});
