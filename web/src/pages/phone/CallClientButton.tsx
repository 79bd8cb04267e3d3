import { useMutation } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { graphqlErrorMessage } from '../../lib/apollo';
import { usePermissions } from '../../session/use-permissions';
import { useLocations } from '../../session/location-context';
import { CALL_CLIENT } from './phone-gql';
import './phone.css';

/**
 * Click to call from a client's profile (view_phone): Twilio rings the location's front desk
 * first and, once someone picks up, connects them to the client from the business number.
 */
export function CallClientButton({ clientId, clientName }: { clientId: string; clientName: string }) {
  const { can } = usePermissions();
  const { selected } = useLocations();
  const [call, { data, loading, error }] = useMutation(CALL_CLIENT);
  if (!can(PERMISSIONS.VIEW_PHONE) || !selected) return null;
  return (
    <div className="call-client">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={loading}
        onClick={() => void call({ variables: { input: { locationId: selected.id, clientId } } }).catch(() => undefined)}
      >
        Call<span className="visually-hidden"> {clientName}</span>
      </button>
      {data && (
        <span role="status" className="muted small">
          {' '}
          Calling your phone at {selected.name}: pick up and you are connected to {clientName}.
        </span>
      )}
      {error && (
        <span role="alert" className="field-error">
          {' '}
          {graphqlErrorMessage(error)}
        </span>
      )}
    </div>
  );
}
