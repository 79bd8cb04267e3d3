import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryCost, queryLimitsConfigSchema, queryLimitsOf } from './query-limits.js';

const schema = buildSchema(`
  type Note { id: ID! body: String }
  type Alert { kind: String text: String }
  type Client { id: ID! fullName: String notes: [Note!]! alerts: [Alert!]! tags: [String!]! }
  type ClientPage { total: Int! items: [Client!]! }
  type User { id: ID! email: String! friends(first: Int): [User!]! }
  union _Entity = Client | User
  scalar _Any
  type Query {
    clients(limit: Int, offset: Int): ClientPage!
    client(id: ID!): Client!
    users: [User!]!
    _entities(representations: [_Any!]!): [_Entity]!
  }
`);

const cost = (query: string, variables: Record<string, unknown> = {}, operationName?: string) =>
  queryCost(schema, parse(query), { variables, operationName, defaultListSize: 10 });

describe('queryCost', () => {
  it('counts one per object, nothing for its scalars', () => {
    expect(cost('{ client(id: "1") { id fullName tags __typename } }')).toBe(1);
    expect(cost('{ client(id: "1") { id alerts { text } } }')).toBe(1 + 10);
  });

  it('multiplies the selection under a list by the default size when no size is given', () => {
    expect(cost('{ users { id email } }')).toBe(10);
  });

  it("lets a page field's limit size the list inside it, from a literal or a variable", () => {
    // the page 1 + 200 clients
    expect(cost('{ clients(limit: 200) { total items { id fullName } } }')).toBe(201);
    expect(cost('query($n: Int) { clients(limit: $n) { items { id } } }', { n: 200 })).toBe(201);
    expect(cost('query($n: Int = 50) { clients(limit: $n) { items { id } } }')).toBe(51);
    // No limit: the default size.
    expect(cost('{ clients { items { id } } }')).toBe(11);
  });

  it('sizes a list by its own first argument', () => {
    expect(cost('{ users { friends(first: 100) { id } } }')).toBe(10 * (1 + 100));
  });

  it('multiplies nested lists: notes under every client of a page', () => {
    // the page 1 + 50 × (the client 1 + its 10 notes)
    expect(cost('{ clients(limit: 50) { items { id notes { id body } } } }')).toBe(1 + 50 * 11);
  });

  it('adds up aliases, so one aliased query costs what its pages cost together', () => {
    const pages = Array.from(
      { length: 15 },
      (_, i) => `p${i}: clients(limit: 200, offset: ${i * 200}) { items { id fullName notes { body } } }`,
    );
    expect(cost(`{ ${pages.join(' ')} }`)).toBe(15 * (1 + 200 * 11));
    expect(cost(`{ ${pages.join(' ')} }`)).toBeGreaterThan(5000);
  });

  it('counts the representations of _entities as the size of its list', () => {
    const r = Array.from({ length: 300 }, (_, i) => ({ __typename: 'Client', id: String(i) }));
    const query = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Client { id fullName } } }';
    expect(cost(query, { r })).toBe(300);
  });

  it('counts fragments where they are spread, and only the named operation', () => {
    const doc = `
      fragment F on Client { id fullName alerts { text } }
      query A { client(id: "1") { ...F } }
      query B { users { id } }
    `;
    expect(cost(doc, {}, 'A')).toBe(1 + 10);
    expect(cost(doc, {}, 'B')).toBe(10);
  });

  it('ignores introspection', () => {
    expect(cost('{ __schema { types { name fields { name } } } }')).toBe(0);
  });
});

describe('query limits configuration', () => {
  it('has the same defaults as the gateway always had, and a default list size', () => {
    expect(queryLimitsOf(queryLimitsConfigSchema.parse({}))).toEqual({ maxDepth: 12, maxAliases: 15, maxCost: 5000, defaultListSize: 10 });
    expect(queryLimitsConfigSchema.safeParse({ GRAPHQL_MAX_COST: '0' }).success).toBe(false);
  });
});
