import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'staff_invitations' })
export class StaffInvitationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'citext' }) email: string;
  @Column({ name: 'first_name', type: 'text', nullable: true }) firstName: string | null;
  @Column({ name: 'last_name', type: 'text', nullable: true }) lastName: string | null;
  @Column({ name: 'group_ids', type: 'uuid', array: true, default: () => "'{}'" }) groupIds: string[];
  @Column({ name: 'token_hash', type: 'text', select: false }) tokenHash: string;
  @Column({ name: 'invited_by', type: 'uuid', nullable: true }) invitedBy: string | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true }) acceptedAt: Date | null;
  @Column({ name: 'accepted_user_id', type: 'uuid', nullable: true }) acceptedUserId: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
