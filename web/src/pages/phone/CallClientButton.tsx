import { useMutation } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { graphqlErrorMessage } from '../../lib/apollo';
import { usePermissions } from '../../session/use-permissions';
import { useLocations } from '../../session/location-context';
import { useSession } from '../../session/session-context';
import { formatPhone } from '../clients/phone';
import { readClickToCall } from './click-to-call';
import { CALL_CLIENT } from './phone-gql';
import './phone.css';

/**
 * Click to call from a client's profile (view_phone): Twilio rings the phone chosen on /phone
 * (the location's front desk unless another was chosen) first and, once someone picks up, connects them to the client from the business number.
 */
export function CallClientButton({ clientId, clientName }: { clientId: string; clientName: string }) {
  const { can } = usePermissions();
  const { selected } = useLocations();
  const { user } = useSession();
  const [call, { data, loading, error }] = useMutation(CALL_CLIENT);
  if (!can(PERMISSIONS.VIEW_PHONE) || !selected) return null;
  // The phone chosen on /phone for this location, else the front desk (the server's default).
  const staffPhone = readClickToCall(user?.id, selected.id);
  return (
    <div className="call-client">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={loading}
        onClick={() =>
          void call({ variables: { input: { locationId: selected.id, clientId, ...(staffPhone ? { staffPhone } : {}) } } }).catch(
            () => undefined,
          )
        }
      >
        Call<span className="visually-hidden"> {clientName}</span>
      </button>
      {data && (
        <span role="status" className="muted small">
          {' '}
          Calling {staffPhone ? formatPhone(staffPhone) : `your phone at ${selected.name}`}: pick up and you are connected to {clientName}.
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
