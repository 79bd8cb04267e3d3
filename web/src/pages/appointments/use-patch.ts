import { useApolloClient, useMutation } from '@apollo/client/react';
import { toast } from '../../shell/toast-store';
import { conflictOf, type PatchInput } from './appointments-api';
import { UPDATE_APPOINTMENT } from './appointments-gql';
import { statusLabel } from './status';
import { CALENDAR_QUERIES } from './use-calendar-data';

/** updateAppointment; re-reads the calendar after either way. Refusals toast with the engine's reason and reach `onRefused`. */
export function usePatchAppointment(onRefused?: (id: string, message: string) => void) {
  const client = useApolloClient();
  const [update, state] = useMutation(UPDATE_APPOINTMENT);
  const mutate = async ({ id, patch }: { id: string; patch: PatchInput }, after?: { onSettled?: () => unknown }) => {
    try {
      await update({ variables: { id, input: patch } });
      if (patch.status) toast({ title: `Appointment ${statusLabel(patch.status).toLowerCase()}`, variant: 'success' });
      else toast({ title: patch.endsAt && !patch.startsAt ? 'Appointment resized' : 'Appointment moved', variant: 'success' });
    } catch (e) {
      const { message } = conflictOf(e);
      toast({ title: patch.endsAt ? 'Length not changed' : 'Not changed', description: message, variant: 'destructive' });
      onRefused?.(id, message);
    } finally {
      // A dragged block keeps its new place until the re-read calendar shows where it is.
      await client.refetchQueries({ include: CALENDAR_QUERIES }).catch(() => undefined);
      await after?.onSettled?.();
    }
  };
  return { mutate, isPending: state.loading };
}
