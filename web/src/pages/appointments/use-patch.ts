import { useApolloClient, useMutation } from '@apollo/client/react';
import { refusalText } from '../../lib/permission-refusal';
import { toast, type ToastButton } from '../../shell/toast-store';
import type { PatchInput } from './appointments-api';
import { ACTION_WORDS } from './calendar-permissions';
import { UPDATE_APPOINTMENT } from './appointments-gql';
import { statusLabel } from './status';
import { CALENDAR_QUERIES } from './use-calendar-data';

/**
 * updateAppointment; re-reads the calendar after either way. A refusal (the engine's reason, or a
 * missing permission in words) goes to `onRefused` when there is one, else to a toast: said once.
 */
export function usePatchAppointment(onRefused?: (id: string, message: string) => void) {
  const client = useApolloClient();
  const [update, state] = useMutation(UPDATE_APPOINTMENT);
  const mutate = async (
    { id, patch }: { id: string; patch: PatchInput },
    after?: {
      onSettled?: () => unknown;
      /** Buttons on the success toast (Undo, Notify client), given the appointment as it now stands. */
      actions?: (updated: { id: string; staffId: string; version: number }) => ToastButton[];
      /** The success toast's title instead of the default. */
      title?: string;
    },
  ) => {
    try {
      const r = await update({ variables: { id, input: patch } });
      const updated = r.data?.updateAppointment;
      const actions = updated && after?.actions ? after.actions(updated) : undefined;
      const title =
        after?.title ??
        (patch.status
          ? `Appointment ${statusLabel(patch.status).toLowerCase()}`
          : patch.endsAt && !patch.startsAt
            ? 'Appointment resized'
            : 'Appointment moved');
      toast({ title, variant: 'success', actions });
    } catch (e) {
      const message = refusalText(e, ACTION_WORDS.change);
      if (onRefused) onRefused(id, message);
      else toast({ title: patch.endsAt ? 'Length not changed' : 'Not changed', description: message, variant: 'destructive' });
    } finally {
      // A dragged block keeps its new place until the re-read calendar shows where it is.
      await client.refetchQueries({ include: CALENDAR_QUERIES }).catch(() => undefined);
      await after?.onSettled?.();
    }
  };
  return { mutate, isPending: state.loading };
}
