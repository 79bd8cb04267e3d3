import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import DataLoader from 'dataloader';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import type { Client } from '@salon/contracts';
import { ClientsUseCase } from '../use-cases/clients.use-case.js';
import { MergeClientsUseCase } from '../use-cases/merge-clients.use-case.js';
import { ClientModel, ClientPageModel, CreateClientInput, PossibleDuplicateModel, UpdateClientInput } from './client.model.js';

/** Marks a view whose duplicate count was not computed (federation references). */
const NOT_COUNTED = -1;

@Resolver(() => ClientModel)
export class ClientResolver {
  constructor(
    private readonly clientsUseCase: ClientsUseCase,
    private readonly mergeClients: MergeClientsUseCase,
  ) {}

  @RequirePermission('view_clients')
  @Query(() => ClientPageModel, {
    description:
      'Search as you type over name, phone and e-mail; sort: name, -createdAt, lastVisit, relevance. A limit over 50 needs export_clients',
  })
  async clients(
    @CurrentAuth() auth: AuthContext,
    @Args('search', { type: () => String, nullable: true }) search?: string,
    @Args('tag', { type: () => String, nullable: true }) tag?: string,
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string,
    @Args('lastVisitBefore', { type: () => String, nullable: true }) lastVisitBefore?: string,
    @Args('lastVisitAfter', { type: () => String, nullable: true }) lastVisitAfter?: string,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number,
    @Args('offset', { type: () => Int, nullable: true }) offset?: number,
    @Args('sort', { type: () => String, nullable: true }) sort?: string,
  ) {
    const page = await this.clientsUseCase.list(auth, { search, tag, locationId, lastVisitBefore, lastVisitAfter, limit, offset, sort });
    return { items: page.data, total: page.total };
  }

  @RequirePermission('view_clients')
  @Query(() => ClientModel)
  client(@Args('id', { type: () => ID }) id: string) {
    return this.clientsUseCase.get(id);
  }

  @RequirePermission('view_clients')
  @Query(() => [PossibleDuplicateModel])
  async clientDuplicates(@Args('id', { type: () => ID }) id: string) {
    const rows = await this.clientsUseCase.duplicates(id);
    return rows.map(({ reasons, ...client }) => ({ client, reasons }));
  }

  // The same rule as GET /api/clients/{id}: a reference is a read of the client (a client-role
  // login or staff without view_clients calling a subgraph directly get nothing).
  // The gateway sends every client of a result in one `_entities` call; one loader per request
  // gathers them into one query instead of one per client (no N+1).
  private readonly referenceLoaders = new WeakMap<object, DataLoader<string, Client | null>>();

  @RequirePermission('view_clients')
  @ResolveReference()
  async resolveReference(@Parent() reference: { id: string }, @Context() context: { req?: object }) {
    const key = context?.req ?? context;
    let loader = key ? this.referenceLoaders.get(key) : undefined;
    if (!loader) {
      loader = new DataLoader((ids: readonly string[]) => this.clientsUseCase.referencedClients(ids), { cache: true });
      if (key) this.referenceLoaders.set(key, loader);
    }
    const view = await loader.load(reference.id);
    return view ? { ...view, possibleDuplicateCount: NOT_COUNTED } : null;
  }

  @ResolveField(() => Int)
  possibleDuplicateCount(@Parent() client: Client) {
    return client.possibleDuplicateCount === NOT_COUNTED
      ? this.clientsUseCase.possibleDuplicateCount(client.id)
      : client.possibleDuplicateCount;
  }

  @RequirePermission('create_clients')
  @Mutation(() => ClientModel, {
    description: 'CONFLICT (with the existing client in extensions.details) on a phone or e-mail already used, unless allowDuplicate',
  })
  createClient(@CurrentAuth() auth: AuthContext, @Args('input') input: CreateClientInput) {
    return this.clientsUseCase.create(auth, input);
  }

  @RequirePermission('edit_clients')
  @Mutation(() => ClientModel, { description: 'CONFLICT (with the current client in extensions.details) on a stale version' })
  updateClient(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string, @Args('input') input: UpdateClientInput) {
    return this.clientsUseCase.update(auth, id, input);
  }

  @RequirePermission('delete_clients')
  @Mutation(() => Boolean, { description: 'mode: delete (hide, keep for financial records) or anonymise (erase personal data and notes)' })
  async deleteClient(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('mode', { type: () => String, nullable: true }) mode?: string,
  ) {
    await this.clientsUseCase.remove(auth, id, { mode: mode ?? undefined });
    return true;
  }

  @RequirePermission('delete_clients')
  @Mutation(() => ClientModel, {
    name: 'mergeClients',
    description: 'Merges duplicateId INTO survivorId (notes and references move to the survivor)',
  })
  mergeClients_(
    @CurrentAuth() auth: AuthContext,
    @Args('survivorId', { type: () => ID }) survivorId: string,
    @Args('duplicateId', { type: () => ID }) duplicateId: string,
  ) {
    return this.mergeClients.execute(auth, survivorId, { duplicateId });
  }
}
