import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { ReaderProvider } from '../../../common/reader.provider.js';
import { SendFormLinksUseCase } from '../../form-links/use-cases/send-form-links.use-case.js';
import { SubmissionsUseCase } from '../../submissions/use-cases/submissions.use-case.js';
import { FormsUseCase } from '../use-cases/forms.use-case.js';
import {
  ClientFormModel,
  FormInput,
  FormLinkSendModel,
  FormModel,
  SubmissionModel,
  SubmissionReadModel,
  SubmissionSummaryModel,
} from './form.model.js';
import { DownloadLinkModel } from '../../documents/graphql/document.model.js';

@Resolver(() => FormModel)
export class FormResolver {
  constructor(
    private readonly useCase: FormsUseCase,
    private readonly submissions: SubmissionsUseCase,
    private readonly readers: ReaderProvider,
    private readonly sendLinks: SendFormLinksUseCase,
  ) {}

  @RequirePermission('view_clients')
  @Query(() => [FormModel])
  forms(@Args('archived', { type: () => Boolean, nullable: true }) archived?: boolean) {
    return this.useCase.list(archived ?? false);
  }

  @RequirePermission('view_clients')
  @Query(() => FormModel)
  form(@Args('id', { type: () => ID }) id: string) {
    return this.useCase.get(id);
  }

  @RequirePermission('edit_clients')
  @Mutation(() => FormModel)
  createForm(@CurrentAuth() auth: AuthContext, @Args('input') input: FormInput) {
    return this.useCase.create(auth, given(input));
  }

  @RequirePermission('edit_clients')
  @Mutation(() => FormModel)
  updateForm(@Args('id', { type: () => ID }) id: string, @Args('input') input: FormInput) {
    return this.useCase.update(id, given(input));
  }

  @RequirePermission('edit_clients')
  @Mutation(() => FormModel, { description: 'Freezes the draft as a new version; an unchanged draft makes none' })
  publishForm(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('version', { type: () => Int, nullable: true }) version?: number,
  ) {
    return this.useCase.publish(auth, id, version ?? undefined);
  }

  @RequirePermission('edit_clients')
  @Mutation(() => FormModel)
  archiveForm(@Args('id', { type: () => ID }) id: string, @Args('archived', { type: () => Boolean }) archived: boolean) {
    return this.useCase.archive(id, archived);
  }

  @RequirePermission('view_clients')
  @Query(() => [SubmissionSummaryModel])
  formSubmissions(@Args('formId', { type: () => ID }) formId: string) {
    return this.submissions.listForForm(formId);
  }

  @Query(() => SubmissionModel, { description: 'Staff with view_clients, or the client themself; the read is logged' })
  async formSubmission(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    return this.submissions.read(await this.readers.of(auth), id, 'graphql');
  }

  @Query(() => [SubmissionReadModel], { description: 'Who read a filled form and when, newest first (staff with view_clients)' })
  async formSubmissionReads(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    return this.submissions.reads(await this.readers.of(auth), id);
  }

  @Query(() => DownloadLinkModel, {
    description: 'A short-lived link to a file uploaded with a filled form (a photo, a scan); the opening is logged like a read',
  })
  async formSubmissionFile(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('fieldKey') fieldKey: string,
  ) {
    return this.submissions.fileLink(await this.readers.of(auth), id, fieldKey, new Date());
  }

  @Query(() => [ClientFormModel], { description: "A client's forms: due, filled, expired" })
  async clientForms(@CurrentAuth() auth: AuthContext, @Args('clientId', { type: () => ID }) clientId: string) {
    return this.submissions.clientForms(await this.readers.of(auth), clientId, new Date());
  }

  @RequirePermission('edit_clients')
  @Mutation(() => ClientFormModel, { description: 'A link of their own for one client (/forms/{id}?r=…)' })
  requestForm(
    @Args('formId', { type: () => ID }) formId: string,
    @Args('clientId', { type: () => ID }) clientId: string,
    @Args('appointmentId', { type: () => ID, nullable: true }) appointmentId?: string,
  ) {
    return this.submissions.request(formId, { clientId, appointmentId: appointmentId ?? null }, new Date());
  }

  @RequirePermission('edit_clients')
  @Mutation(() => FormLinkSendModel, {
    description: "Sends the client their open forms' link in one message (SMS with consent, else e-mail; a text waits out quiet hours)",
  })
  sendClientForms(@CurrentAuth() auth: AuthContext, @Args('clientId', { type: () => ID }) clientId: string) {
    return this.sendLinks.execute(auth, clientId, new Date());
  }
}
