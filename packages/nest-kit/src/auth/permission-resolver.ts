/**
 * Where a service learns a user's effective permissions. Identity reads its own tables; other
 * services will read the snapshot identity publishes. The guard only knows this interface.
 */
export abstract class PermissionResolver {
  abstract permissionsOf(userId: string): Promise<readonly string[]>;
}
