import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A single row (id = 1): the business's own settings. */
@Entity({ name: 'business_settings' })
export class BusinessSettingsEntity {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column({ name: 'business_name', type: 'text' }) businessName: string;
  @Column({ name: 'business_logo', type: 'text', nullable: true }) businessLogo: string | null;
  @Column({ name: 'time_zone', type: 'text' }) timeZone: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'text', nullable: true }) email: string | null;
  @Column({ type: 'text', nullable: true }) website: string | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'updated_by', type: 'uuid', nullable: true }) updatedBy: string | null;
}
