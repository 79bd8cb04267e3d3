import { useMemo } from 'react';
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { asApiError } from '../../lib/apollo';
import type { ClientFieldsFragment, NoteFieldsFragment, NoteTemplateFieldsFragment } from '../../gql/graphql';
import type { Client, DuplicateClient, Note, NoteTemplate, NoteValues } from '@salon/contracts';
import { sortNotes } from '../client-profile/note-conflict';
import type { ClientInput, TemplateInput } from './clients-api';
import {
  ADD_NOTE,
  CLIENT,
  CLIENT_DUPLICATES,
  CLIENT_FIELDS,
  CLIENT_NOTES,
  CREATE_CLIENT,
  CREATE_NOTE_TEMPLATE,
  DELETE_CLIENT,
  DELETE_NOTE,
  DELETE_NOTE_TEMPLATE,
  MERGE_CLIENTS,
  NOTE_TEMPLATES,
  UPDATE_CLIENT,
  UPDATE_NOTE,
  UPDATE_NOTE_TEMPLATE,
} from './clients-gql';

/**
 * The clients screens' domain data over the gateway's GraphQL, in Apollo's one cache (web/README.md):
 * reads are hooks, writes go through `useClientsData()` and keep that cache current. Answers are the
 * views of docs/clients-api.md; a failure is the ApiError REST would have thrown (asApiError).
 */

/** Apollo's `__typename`s out, recursively: a view is sent back as an input unchanged (tags, alerts, consent). */
function plain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(plain) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== '__typename')
        .map(([k, v]) => [k, plain(v)]),
    ) as T;
  }
  return value;
}

/** GraphQL's client → the view: the address leaves out the parts it does not have, as REST does. */
export function clientFromGql(c: ClientFieldsFragment): Client {
  const view = plain(c);
  const address = view.address ? Object.fromEntries(Object.entries(view.address).filter(([, v]) => v != null)) : null;
  return { ...view, address } as Client;
}

/** A view (e.g. the current client a 409 carries) as the cache's client (with the `__typename`s Apollo adds). */
function clientToGql(c: Client): ClientFieldsFragment {
  const consent = (k: Client['smsConsent']) => ({
    __typename: 'Consent' as const,
    granted: k.granted,
    changedAt: k.changedAt ?? null,
    method: k.method ?? null,
    changedBy: k.changedBy ?? null,
  });
  const a = c.address;
  return {
    __typename: 'Client',
    ...c,
    address: a
      ? {
          __typename: 'ClientAddress',
          line1: a.line1 ?? null,
          line2: a.line2 ?? null,
          city: a.city ?? null,
          region: a.region ?? null,
          postalCode: a.postalCode ?? null,
          country: a.country ?? null,
        }
      : null,
    alerts: c.alerts.map((x) => ({ __typename: 'ClientAlert', ...x })),
    smsConsent: consent(c.smsConsent),
    emailConsent: consent(c.emailConsent),
  } as ClientFieldsFragment;
}

export const noteFromGql = (n: NoteFieldsFragment): Note => plain(n) as Note;
const noteToGql = (n: Note): NoteFieldsFragment => ({ __typename: 'Note', ...n }) as NoteFieldsFragment;
export const templateFromGql = (t: NoteTemplateFieldsFragment): NoteTemplate => {
  const view = plain(t);
  return {
    ...view,
    sections: view.sections.map((s) => ({ ...s, fields: s.fields.map(({ options, ...f }) => (options ? { ...f, options } : f)) })),
  };
};

/** A react-query-like view of one Apollo query: its data mapped to the view, `isPending`, `error` as ApiError. */
function asView<T>(q: { data?: unknown; loading: boolean; error?: unknown; refetch(): unknown }, data: T | undefined) {
  return { data, isPending: q.loading && !q.data, error: q.error ? (asApiError(q.error) as Error) : null, refetch: q.refetch };
}

export function useClient(id: string) {
  const q = useQuery(CLIENT, { variables: { id } });
  return asView(
    q,
    useMemo(() => (q.data ? clientFromGql(q.data.client) : undefined), [q.data]),
  );
}

export function useClientNotes(clientId: string) {
  const q = useQuery(CLIENT_NOTES, { variables: { id: clientId } });
  return asView(
    q,
    useMemo(() => (q.data ? sortNotes(q.data.client.notes.map(noteFromGql)) : undefined), [q.data]),
  );
}

export function useClientDuplicates(clientId: string) {
  const q = useQuery(CLIENT_DUPLICATES, { variables: { id: clientId } });
  const data = useMemo(
    () => q.data?.clientDuplicates.map((x): DuplicateClient => ({ ...clientFromGql(x.client), reasons: x.reasons })),
    [q.data],
  );
  return asView(q, data);
}

/** Archived ones too: old notes still render with them. */
export function useNoteTemplates() {
  const q = useQuery(NOTE_TEMPLATES, { variables: { includeArchived: true } });
  return asView(
    q,
    useMemo(() => q.data?.noteTemplates.map(templateFromGql), [q.data]),
  );
}

export type ClientsData = ReturnType<typeof clientsData>;

export function useClientsData(): ClientsData {
  const apollo = useApolloClient();
  return useMemo(() => clientsData(apollo), [apollo]);
}

export function clientsData(apollo: ApolloClient) {
  const { cache } = apollo;
  async function mutate<TData, TVars extends OperationVariables>(
    mutation: TypedDocumentNode<TData, TVars>,
    variables: TVars,
  ): Promise<TData> {
    try {
      const result = await apollo.mutate({ mutation: mutation as TypedDocumentNode<TData, OperationVariables>, variables });
      return result.data as TData;
    } catch (e) {
      throw asApiError(e);
    }
  }
  async function fresh<TData, TVars extends OperationVariables>(query: TypedDocumentNode<TData, TVars>, variables: TVars): Promise<TData> {
    try {
      const result = await apollo.query({
        query: query as TypedDocumentNode<TData, OperationVariables>,
        variables,
        fetchPolicy: 'network-only',
      });
      return result.data as TData;
    } catch (e) {
      throw asApiError(e);
    }
  }
  /** The list screens read `clients` again when next shown. */
  const forgetLists = () => {
    cache.evict({ id: 'ROOT_QUERY', fieldName: 'clients' });
    cache.gc();
  };
  const forgetClient = (id: string) => {
    cache.evict({ id: cache.identify({ __typename: 'Client', id }) });
    forgetLists();
  };
  const updateNotes = (clientId: string, change: (notes: NoteFieldsFragment[]) => NoteFieldsFragment[]) =>
    cache.updateQuery({ query: CLIENT_NOTES, variables: { id: clientId } }, (d) =>
      d ? { client: { ...d.client, notes: change(d.client.notes) } } : d,
    );

  return {
    /** Clients changed elsewhere (an import): the lists read them again when next shown. */
    listsChanged: forgetLists,
    /** The client as the cache has it, else from the server. */
    current: async (id: string): Promise<Client> => {
      const cached = cache.readFragment({ fragment: CLIENT_FIELDS, id: cache.identify({ __typename: 'Client', id }) });
      return cached ? clientFromGql(cached) : clientFromGql((await fresh(CLIENT, { id })).client);
    },
    /** Shows `client` wherever the screen shows it (e.g. the current client of a 409). */
    show: (client: Client) => {
      cache.writeFragment({ fragment: CLIENT_FIELDS, data: clientToGql(client) });
    },
    create: async (input: ClientInput & { allowDuplicate?: boolean }): Promise<Client> => {
      const created = clientFromGql((await mutate(CREATE_CLIENT, { input: { firstName: '', ...input } })).createClient);
      forgetLists();
      return created;
    },
    update: async (id: string, patch: ClientInput & { version: number }): Promise<Client> =>
      clientFromGql((await mutate(UPDATE_CLIENT, { id, input: patch })).updateClient),
    remove: async (id: string, mode: 'delete' | 'anonymise'): Promise<void> => {
      await mutate(DELETE_CLIENT, { id, mode });
      forgetClient(id);
    },
    merge: async (survivorId: string, duplicateId: string): Promise<Client> => {
      const merged = clientFromGql((await mutate(MERGE_CLIENTS, { survivorId, duplicateId })).mergeClients);
      forgetClient(duplicateId);
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'clientDuplicates' });
      return merged;
    },
    addNote: async (clientId: string, note: { body: string } | { templateId: string; values: NoteValues }): Promise<Note> => {
      const added = (await mutate(ADD_NOTE, { clientId, input: note })).addNote;
      updateNotes(clientId, (notes) => [added, ...notes.filter((n) => n.id !== added.id)]);
      return noteFromGql(added);
    },
    updateNote: async (
      clientId: string,
      noteId: string,
      patch: { body?: string; values?: NoteValues; pinned?: boolean; version: number },
    ): Promise<Note> => noteFromGql((await mutate(UPDATE_NOTE, { clientId, noteId, input: patch })).updateNote),
    /** Shows `note` in the client's notes (e.g. the current note of a 409). */
    showNote: (clientId: string, note: Note) =>
      updateNotes(clientId, (notes) =>
        notes.some((n) => n.id === note.id) ? notes.map((n) => (n.id === note.id ? noteToGql(note) : n)) : [noteToGql(note), ...notes],
      ),
    deleteNote: async (clientId: string, noteId: string): Promise<void> => {
      await mutate(DELETE_NOTE, { clientId, noteId });
      updateNotes(clientId, (notes) => notes.filter((n) => n.id !== noteId));
    },
    createTemplate: async (t: TemplateInput): Promise<NoteTemplate> => {
      const created = (await mutate(CREATE_NOTE_TEMPLATE, { input: t })).createNoteTemplate;
      cache.updateQuery({ query: NOTE_TEMPLATES, variables: { includeArchived: true } }, (d) =>
        d ? { noteTemplates: [...d.noteTemplates.filter((x) => x.id !== created.id), created] } : d,
      );
      return templateFromGql(created);
    },
    updateTemplate: async (id: string, t: TemplateInput, version?: number): Promise<NoteTemplate> =>
      templateFromGql((await mutate(UPDATE_NOTE_TEMPLATE, { id, input: t, version })).updateNoteTemplate),
    /** Deletes a template no note uses and archives one that notes use; then reads the list again. Whether it was archived. */
    removeTemplate: async (id: string): Promise<boolean> => {
      const archived = (await mutate(DELETE_NOTE_TEMPLATE, { id })).deleteNoteTemplate;
      await fresh(NOTE_TEMPLATES, { includeArchived: true });
      if (!archived) cache.evict({ id: cache.identify({ __typename: 'NoteTemplate', id }) });
      return archived;
    },
  };
}
