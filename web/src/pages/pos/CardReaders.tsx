import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { toast } from '../../shell/Toaster';
import { CARD_OPTIONS, CARD_READERS, REGISTER_CARD_READER } from './pos-gql';

/** The location's card terminals, and registering one with the code it shows (POS settings). */
export function CardReaders({ locationId }: { locationId: string }) {
  const q = useQuery(CARD_READERS, { variables: { locationId }, fetchPolicy: 'cache-and-network' });
  const [register, registering] = useMutation(REGISTER_CARD_READER, { refetchQueries: [CARD_READERS, CARD_OPTIONS] });
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const readers = q.data?.cardReaders ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await register({ variables: { input: { locationId, registrationCode: code.trim(), label: label.trim() } } });
      setCode('');
      setLabel('');
      toast({ title: 'Card reader registered', variant: 'success' });
    } catch (error) {
      toast({ title: 'Reader not registered', description: graphqlErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <section className="card pos-list" aria-labelledby="pos-readers-title" data-testid="card-readers">
      <h2 id="pos-readers-title">Card readers</h2>
      {readers.length === 0 ? (
        <p className="muted small">No card reader registered here.</p>
      ) : (
        <ul>
          {readers.map((r) => (
            <li key={r.id} className="pos-item">
              {r.label} <span className="muted small">{r.deviceType.replace(/_/g, ' ')}</span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} className="pos-reader-form">
        <div className="field">
          <label htmlFor="pos-reader-code">Registration code</label>
          <input
            id="pos-reader-code"
            className="pos-input"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="simulated-wpe"
            required
          />
        </div>
        <div className="field">
          <label htmlFor="pos-reader-label">Name</label>
          <input id="pos-reader-label" className="pos-input" value={label} onChange={(e) => setLabel(e.target.value)} required />
        </div>
        <button type="submit" className="btn btn-secondary btn-sm" disabled={registering.loading}>
          Register reader
        </button>
      </form>
    </section>
  );
}
