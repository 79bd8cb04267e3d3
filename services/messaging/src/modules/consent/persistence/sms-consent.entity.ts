import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A phone number's answer to STOP/START; no row means never opted out. */
@Entity({ name: 'sms_consent' })
export class SmsConsentEntity {
  @PrimaryColumn({ type: 'text' }) phone: string;
  @Column({ name: 'opted_out', type: 'boolean' }) optedOut: boolean;
  @Column({ name: 'changed_at', type: 'timestamptz' }) changedAt: Date;
  @Column({ type: 'text' }) source: string;
}
