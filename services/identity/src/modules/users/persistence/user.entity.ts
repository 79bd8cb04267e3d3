import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@salon/contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'citext' }) username: string;
  @Column({ type: 'citext' }) email: string;
  @Column({ name: 'first_name', type: 'text', nullable: true }) firstName: string | null;
  @Column({ name: 'last_name', type: 'text', nullable: true }) lastName: string | null;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'enum', enum: ['admin', 'staff', 'client'], enumName: 'user_role' }) role: Role;
  @Column({ name: 'profile_picture', type: 'text', nullable: true }) profilePicture: string | null;
  @Column({ type: 'text', nullable: true }) bio: string | null;
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false }) passwordHash: string | null;
  @Column({ name: 'direct_permissions', type: 'text', array: true, default: () => "'{}'" }) directPermissions: string[];
  @Column({ name: 'is_active', type: 'boolean', default: true }) isActive: boolean;
  @Column({ name: 'phone_verified_at', type: 'timestamptz', nullable: true }) phoneVerifiedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
