import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { TemplateSection } from '@salon/contracts';

@Entity({ name: 'note_templates' })
export class NoteTemplateEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'jsonb', default: () => `'[]'` }) sections: TemplateSection[];
  @Column({ type: 'boolean', default: false }) archived: boolean;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
  @Column({ type: 'integer', default: 1 }) version: number;
}
