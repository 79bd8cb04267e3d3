import { BusinessSettingsEntity } from '../modules/business-settings/persistence/business-settings.entity.js';
import { LocationEntity } from '../modules/locations/persistence/location.entity.js';
import { PermissionGroupMemberEntity } from '../modules/permissions/persistence/permission-group-member.entity.js';
import { PermissionGroupEntity } from '../modules/permissions/persistence/permission-group.entity.js';
import { ColorPreferencesEntity } from '../modules/preferences/persistence/color-preferences.entity.js';
import { StaffInvitationEntity } from '../modules/users/persistence/staff-invitation.entity.js';
import { UserEntity } from '../modules/users/persistence/user.entity.js';
import { IdentityInitial1763700000000 } from './migrations/1763700000000-identity-initial.js';
import { PasswordRecovery1763800000000 } from './migrations/1763800000000-password-recovery.js';
import { StaffBio1763900000000 } from './migrations/1763900000000-staff-bio.js';
import { PasswordResetRequestEntity } from '../modules/recovery/persistence/password-reset-request.entity.js';

/** Everything TypeORM needs to know about this service's database, in one place. */
export const ENTITIES = [
  UserEntity,
  StaffInvitationEntity,
  PermissionGroupEntity,
  PermissionGroupMemberEntity,
  ColorPreferencesEntity,
  BusinessSettingsEntity,
  LocationEntity,
  PasswordResetRequestEntity,
];
export const MIGRATIONS = [IdentityInitial1763700000000, PasswordRecovery1763800000000, StaffBio1763900000000];
