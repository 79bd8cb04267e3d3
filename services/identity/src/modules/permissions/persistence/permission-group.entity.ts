import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'permission_groups' })
export class PermissionGroupEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'citext' }) name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) permissions: string[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
