import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'client_notes' })
export class NoteEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ type: 'text', nullable: true }) body: string | null;
  @Column({ name: 'template_id', type: 'uuid', nullable: true }) templateId: string | null;
  @Column({ name: 'template_name', type: 'text', nullable: true }) templateName: string | null;
  @Column({ name: 'values', type: 'jsonb', nullable: true }) values: Record<string, unknown> | null;
  @Column({ type: 'boolean', default: false }) pinned: boolean;
  @Column({ name: 'author_id', type: 'uuid', nullable: true }) authorId: string | null;
  @Column({ name: 'author_name', type: 'text', nullable: true }) authorName: string | null;
  @Column({ type: 'integer', default: 1 }) version: number;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt: Date | null;
}
