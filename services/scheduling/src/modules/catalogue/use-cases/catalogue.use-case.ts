import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError, parseInput, PermissionResolver, ReferenceCheck, type AuthContext } from '@salon/nest-kit';
import { z } from 'zod';
import { isUuid } from '../../../common/ids.js';
import { resourceInputSchema, serviceInputSchema } from '../domain/catalogue-rules.js';
import { canReadService, isOfferedPublicly } from '../domain/service-visibility.js';
import { CatalogueRepository, type ResourceView, type ServiceView } from '../persistence/catalogue.repository.js';

const listQuery = z.object({ locationId: z.uuid().optional() });

@Injectable()
export class CatalogueUseCase {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly permissions: PermissionResolver,
    private readonly references: ReferenceCheck,
  ) {}

  /** The public, bookable catalogue: active, online-bookable services of a location. */
  async bookableServices(query: unknown): Promise<ServiceView[]> {
    const q = parseInput(z.object({ locationId: z.uuid() }), query);
    return this.catalogue.listServices({ locationId: q.locationId, onlineOnly: true });
  }

  async services(query: unknown, includeInactive = false): Promise<ServiceView[]> {
    const q = parseInput(listQuery, query);
    return this.catalogue.listServices({ locationId: q.locationId, includeInactive });
  }

  async service(id: string): Promise<ServiceView> {
    const s = isUuid(id) ? await this.catalogue.findService(id) : null;
    if (!s) throw new NotFoundError(`Service ${id} not found`);
    return s;
  }

  /**
   * GET /api/services/{id}, a public route: a visitor or a client reads only a service offered
   * online (inactive and in-house ones are "not found", as they are absent from the public list);
   * staff who see or manage services read any.
   */
  async serviceFor(auth: AuthContext | null, id: string): Promise<ServiceView> {
    const s = await this.service(id);
    if (isOfferedPublicly(s)) return s;
    const permissions = auth && auth.role !== 'client' && auth.role !== 'admin' ? await this.permissions.permissionsOf(auth.userId) : [];
    if (!canReadService(auth ? { role: auth.role, permissions } : null, s)) throw new NotFoundError(`Service ${id} not found`);
    return s;
  }

  async saveService(id: string | null, input: unknown): Promise<ServiceView> {
    const s = parseInput(serviceInputSchema, input);
    if (id !== null && !isUuid(id)) throw new NotFoundError(`Service ${id} not found`);
    // The location and the people who perform it belong to identity.
    await this.references.require({
      locations: [{ field: 'locationId', id: s.locationId }],
      staff: s.staff.map((p, i) => ({ field: `staff.${i}.staffId`, id: p.staffId })),
    });
    const saved = await this.catalogue.saveService(id, s);
    if (!saved) throw new NotFoundError(`Service ${id} not found`);
    return this.service(saved);
  }

  async deactivateService(id: string): Promise<void> {
    if (!isUuid(id) || !(await this.catalogue.deactivateService(id))) throw new NotFoundError(`Service ${id} not found`);
  }

  async resources(kind: 'room' | 'device', query: unknown): Promise<ResourceView[]> {
    return this.catalogue.listResources(kind, parseInput(listQuery, query).locationId);
  }

  async saveResource(kind: 'room' | 'device', id: string | null, input: unknown): Promise<ResourceView> {
    const r = parseInput(resourceInputSchema, input);
    if (id !== null && !isUuid(id)) throw new NotFoundError(`${kind === 'room' ? 'Room' : 'Device'} ${id} not found`);
    await this.references.require({ locations: [{ field: 'locationId', id: r.locationId }] });
    const saved = await this.catalogue.saveResource(kind, id, r).catch((e: { code?: string }) => {
      if (e.code === '23505') throw new ConflictError(`A ${kind} named ${r.name} already exists at this location`);
      throw e;
    });
    if (!saved) throw new NotFoundError(`${kind === 'room' ? 'Room' : 'Device'} ${id} not found`);
    return saved;
  }
}
