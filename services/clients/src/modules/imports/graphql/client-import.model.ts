import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { ClientImport } from '@salon/contracts';

export enum ClientImportStatusValue {
  uploaded = 'uploaded',
  validated = 'validated',
  running = 'running',
  completed = 'completed',
  failed = 'failed',
  cancelled = 'cancelled',
}
export enum ClientImportFormatValue {
  generic = 'generic',
  vagaro = 'vagaro',
  fresha = 'fresha',
  mindbody = 'mindbody',
}
registerEnumType(ClientImportStatusValue, {
  name: 'ClientImportStatus',
  description: 'uploaded → validated (previewed) → running → completed, or failed',
});
registerEnumType(ClientImportFormatValue, {
  name: 'ClientImportFormat',
  description: 'The system that exported the file, recognised by its column names',
});

@ObjectType('ClientImportMapping', { description: 'One client field and the column of the file it is read from' })
export class ClientImportMappingModel {
  @Field() field: string;
  @Field(() => String, { nullable: true }) column: string | null;
}

@ObjectType('ClientImport', { description: 'A CSV import of clients and its progress (processedRows / totalRows)' })
/** The contract's ClientImport, with the mapping as a list and the times as dates. */
export class ClientImportModel implements Omit<ClientImport, 'mapping' | 'onDuplicate' | 'createdAt' | 'startedAt' | 'finishedAt'> {
  @Field(() => ID) id: string;
  @Field(() => ClientImportStatusValue) status: ClientImportStatusValue;
  @Field() fileName: string;
  @Field(() => ClientImportFormatValue) format: ClientImportFormatValue;
  @Field(() => [String]) columns: string[];
  @Field(() => [ClientImportMappingModel]) mapping: ClientImportMappingModel[];
  @Field({ description: 'skip or update' }) onDuplicate: string;
  @Field(() => Int) totalRows: number;
  @Field(() => Int, { description: 'Rows whose batch has committed' }) processedRows: number;
  @Field(() => Int) createdCount: number;
  @Field(() => Int) updatedCount: number;
  @Field(() => Int) skippedDuplicateCount: number;
  @Field(() => Int) rejectedCount: number;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) startedAt: Date | null;
  @Field(() => Date, { nullable: true }) finishedAt: Date | null;
  @Field(() => String, { nullable: true }) error: string | null;
}
