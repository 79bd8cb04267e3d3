import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { DocumentView } from '@salon/contracts';

@ObjectType('Document', { description: 'A file kept for a client or for the business' })
export class DocumentModel implements DocumentView {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => String, { description: 'policy | waiver | aftercare | photo | form_pdf | other' }) kind: DocumentView['kind'];
  @Field() fileName: string;
  @Field() contentType: string;
  @Field(() => Int) size: number;
  @Field() sha256: string;
  @Field(() => ID, { nullable: true }) clientId: string | null;
  @Field(() => String, { nullable: true, description: 'While shared: the public page is /documents/{publicId}' }) publicId: string | null;
  @Field(() => String, { nullable: true }) publicExpiresAt: string | null;
  @Field() createdAt: string;
  @Field(() => ID, { nullable: true }) submissionId: string | null;
}

@ObjectType('DownloadLink')
export class DownloadLinkModel {
  @Field() url: string;
  @Field() expiresAt: string;
}
