import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { FormDefinition, FormPurpose, FormView } from '@salon/contracts';
import { JSONObjectScalar } from '@salon/nest-kit';

@ObjectType('Form', { description: 'A form (intake, consent, waiver): a draft and its published, immutable versions' })
export class FormModel implements FormView {
  @Field(() => ID, { description: 'Digits only: the public page is /forms/{id}' }) id: string;
  @Field() name: string;
  @Field(() => String, { description: 'intake | consent | waiver | other' }) purpose: FormPurpose;
  @Field(() => JSONObjectScalar, {
    description: 'The draft: { sections: [{ title, fields: [...] }] } (packages/contracts documents/forms.ts)',
  })
  definition: FormDefinition;
  @Field(() => [ID]) serviceIds: string[];
  @Field() oncePerClient: boolean;
  @Field(() => Int, { nullable: true }) publishedVersion: number | null;
  @Field() hasDraftChanges: boolean;
  @Field() archived: boolean;
  @Field(() => Int) submissionCount: number;
  @Field() updatedAt: string;
  @Field(() => Int) version: number;
}

@InputType()
export class FormInput {
  @Field() name: string;
  @Field(() => String, { nullable: true }) purpose?: FormPurpose;
  @Field(() => JSONObjectScalar) definition: Record<string, unknown>;
  @Field(() => [ID], { nullable: true }) serviceIds?: string[];
  @Field(() => Boolean, { nullable: true }) oncePerClient?: boolean;
  @Field(() => Int, { nullable: true }) version?: number;
}

@ObjectType('FormSubmissionSummary')
export class SubmissionSummaryModel {
  @Field(() => ID) id: string;
  @Field(() => ID) formId: string;
  @Field() formName: string;
  @Field(() => Int) version: number;
  @Field(() => ID, { nullable: true }) clientId: string | null;
  @Field(() => String, { nullable: true }) signerName: string | null;
  @Field() signedAt: string;
}

@ObjectType('FormSubmissionFile')
export class SubmissionFileModel {
  @Field() fieldKey: string;
  @Field() fileName: string;
  @Field() contentType: string;
  @Field(() => Int) size: number;
}

@ObjectType('FormSubmission', { description: 'A filled form; reading it is logged (who, when)' })
export class SubmissionModel {
  @Field(() => ID) id: string;
  @Field(() => ID) formId: string;
  @Field() formName: string;
  @Field(() => Int) version: number;
  @Field(() => ID, { nullable: true }) clientId: string | null;
  @Field(() => JSONObjectScalar) answers: Record<string, unknown>;
  @Field(() => String, { nullable: true }) signerName: string | null;
  @Field() signedAt: string;
  @Field() ip: string;
  @Field() userAgent: string;
  @Field() contentSha256: string;
  @Field({ description: 'True when the stored content still hashes to contentSha256' }) intact: boolean;
  @Field(() => [SubmissionFileModel]) files: SubmissionFileModel[];
}

@ObjectType('FormSubmissionRead', { description: 'One logged read of a filled form: who, when, how (rest, graphql, pdf, file)' })
export class SubmissionReadModel {
  @Field(() => ID, { nullable: true }) readerId: string | null;
  @Field() readerRole: string;
  @Field() readAt: string;
  @Field() via: string;
}

@ObjectType('ClientForm', { description: "A form on a client's profile: due, filled or expired" })
export class ClientFormModel {
  @Field(() => ID) formId: string;
  @Field() formName: string;
  @Field(() => String, { description: 'due | filled | expired' }) status: string;
  @Field(() => String, { nullable: true }) link: string | null;
  @Field(() => ID, { nullable: true }) appointmentId: string | null;
  @Field(() => String, { nullable: true }) dueAt: string | null;
  @Field(() => ID, { nullable: true }) submissionId: string | null;
  @Field(() => String, { nullable: true }) signedAt: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: "A filled form's integrity check: true while its content still hashes to what was signed",
  })
  intact: boolean | null;
  @Field(() => [SubmissionReadModel], { nullable: true, description: 'Who read the filled form and when, newest first (staff only)' })
  reads: SubmissionReadModel[] | null;
  @Field(() => [SubmissionFileModel], { nullable: true, description: 'Files uploaded with the filled form' })
  files: SubmissionFileModel[] | null;
}

@ObjectType('FormLinkSend', { description: 'A "Send forms" message handed to messaging' })
export class FormLinkSendModel {
  @Field(() => ID) sendId: string;
  @Field(() => [String]) formNames: string[];
  @Field(() => String, { description: 'When the link sent stops working' }) expiresAt: string;
}
