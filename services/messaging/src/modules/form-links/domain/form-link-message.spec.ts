import { describe, expect, it } from 'vitest';
import { formLink, listOf, renderFormLinkEmail, renderFormLinkSms, type FormLinkMessageInput } from './form-link-message.js';

const LINK = 'http://localhost:4000/forms/1001?r=tok-1';
const input = (o: Partial<FormLinkMessageInput> = {}): FormLinkMessageInput => ({
  businessName: 'Willow & Sage',
  firstName: 'Paula',
  formNames: ['Colour consent'],
  startsAt: '2026-01-15T20:30:00.000Z',
  expiresAt: '2026-01-16T20:30:00.000Z',
  timeZone: 'America/Chicago',
  link: LINK,
  ...o,
});

describe('form link messages', () => {
  it('builds the link to the form with the token encoded', () => {
    expect(formLink('http://localhost:4000/', '1001', 'a+b/c=')).toBe('http://localhost:4000/forms/1001?r=a%2Bb%2Fc%3D');
  });

  it('names the forms as a list', () => {
    expect(listOf(['Intake'])).toBe('Intake');
    expect(listOf(['Intake', 'Waiver'])).toBe('Intake and Waiver');
    expect(listOf(['Intake', 'Waiver', 'Colour\n consent'])).toBe('Intake, Waiver and Colour consent');
  });

  it('texts the visit, the forms, the link and until when it works', () => {
    expect(renderFormLinkSms(input())).toBe(
      `Willow & Sage: Hi Paula, before your visit on Jan 15, 2026 at 2:30 PM, please fill in the form Colour consent: ${LINK} The link works until 2:30 PM on Jan 16, 2026.`,
    );
    const staff = renderFormLinkSms(input({ startsAt: null, firstName: null, formNames: ['Intake', 'Waiver'] }));
    expect(staff).toBe(
      `Willow & Sage: Hi, please fill in the forms Intake and Waiver: ${LINK} The link works until 2:30 PM on Jan 16, 2026.`,
    );
    expect(staff).not.toMatch(/[\u202f\u00a0]/);
  });

  it('e-mails the same with a button and the link written out', () => {
    const email = renderFormLinkEmail(input({ formNames: ['Intake', 'Waiver'] }));
    expect(email.subject).toBe('Willow & Sage: forms to fill before your visit');
    expect(email.text).toContain(LINK);
    expect(email.text).toContain('Before your visit on Jan 15, 2026 at 2:30 PM, please fill in the forms Intake and Waiver.');
    expect(email.html).toContain('Fill in the forms');
    expect(email.html).toContain(LINK);
  });
});
