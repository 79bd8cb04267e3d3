import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'permission_group_members' })
export class PermissionGroupMemberEntity {
  @PrimaryColumn({ name: 'group_id', type: 'uuid' }) groupId: string;
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ name: 'added_at', type: 'timestamptz', default: () => 'now()' }) addedAt: Date;
}
