export type Role = 'admin' | 'staff' | 'client';

export interface GroupRef {
  id?: string;
  name: string;
}

/** User as answered by /api/auth/login, /api/auth/verify and /api/users/{id} (docs/api.md). */
export interface User {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone?: string | null;
  role: Role | string;
  profilePicture: string | null;
  isActive?: boolean;
  permissionGroups: GroupRef[];
}

export interface PermissionsResult {
  permissions: string[];
  groups: GroupRef[];
  directPermissions: string[];
}

export interface ColorPreferences {
  primaryColor: string;
  isDarkMode: boolean;
  primaryTextColor: string;
  secondaryTextColor: string;
  savedBrandColors: string[];
  savedTextColors: string[];
}

export interface BusinessSettings {
  businessName: string;
  businessLogo: string | null;
  timeZone?: string;
  currency?: string;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
}

export interface Location {
  id: string;
  name: string;
  timeZone?: string;
  isDefault: boolean;
  isActive: boolean;
  address?: string | null;
  phone?: string | null;
}
