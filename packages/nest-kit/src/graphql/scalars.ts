import { Scalar, type CustomScalar } from '@nestjs/graphql';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

function literal(ast: ValueNode, variables?: Record<string, unknown> | null): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((v) => literal(v, variables));
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
    default:
      throw new GraphQLError('Unsupported JSON value');
  }
}

/** A JSON object (structured note values: field id → value). */
export const JSONObjectScalar = new GraphQLScalarType({
  name: 'JSONObject',
  description: 'A JSON object, e.g. structured note values keyed by template field id',
  serialize: (value) => value,
  parseValue: (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new GraphQLError('JSONObject must be an object');
    return value;
  },
  parseLiteral: (ast, variables) => {
    if (ast.kind !== Kind.OBJECT) throw new GraphQLError('JSONObject must be an object');
    return literal(ast, variables);
  },
});

/**
 * DateTime for every `Date` field (ours and the import module's): Nest's own serializer takes only
 * Date objects, our views carry ISO strings. Same name and meaning as identity's DateTime, so the
 * gateway composes them.
 */
@Scalar('DateTime', () => Date)
export class DateTimeScalar implements CustomScalar<string, Date> {
  description = 'A date-time string at UTC, such as 2019-12-03T09:54:33Z, compliant with the date-time format.';

  serialize(value: unknown): string {
    const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date');
    return date.toISOString();
  }

  parseValue(value: unknown): Date {
    const date = new Date(value as string);
    if (typeof value !== 'string' || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO date-time string');
    return date;
  }

  parseLiteral(ast: ValueNode): Date {
    if (ast.kind !== Kind.STRING || Number.isNaN(new Date(ast.value).getTime()))
      throw new GraphQLError('DateTime must be an ISO date-time string');
    return new Date(ast.value);
  }
}
