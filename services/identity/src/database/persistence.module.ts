import { Global, Module } from '@nestjs/common';
import { BusinessSettingsRepository } from '../modules/business-settings/persistence/business-settings.repository.js';
import { LocationRepository } from '../modules/locations/persistence/location.repository.js';
import { PermissionGroupRepository } from '../modules/permissions/persistence/permission-group.repository.js';
import { ColorPreferencesRepository } from '../modules/preferences/persistence/color-preferences.repository.js';
import { StaffInvitationRepository } from '../modules/users/persistence/staff-invitation.repository.js';
import { UserRepository } from '../modules/users/persistence/user.repository.js';

const REPOSITORIES = [
  UserRepository,
  StaffInvitationRepository,
  PermissionGroupRepository,
  ColorPreferencesRepository,
  BusinessSettingsRepository,
  LocationRepository,
];

/** Every repository of the service, available to every feature module (they share one database). */
@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class PersistenceModule {}
