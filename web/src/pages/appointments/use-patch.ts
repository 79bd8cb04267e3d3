import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../shell/toast-store';
import { conflictOf, patchAppointment, type PatchInput } from './appointments-api';
import { statusLabel } from './status';

/** PATCH an appointment; refreshes every appointments query after. Errors toast and reach `onRefused`. */
export function usePatchAppointment(onRefused?: (id: string, message: string) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PatchInput }) => patchAppointment(id, patch),
    onSuccess: (_a, { patch }) => {
      if (patch.status) toast({ title: `Appointment ${statusLabel(patch.status).toLowerCase()}`, variant: 'success' });
      else toast({ title: patch.endsAt && !patch.startsAt ? 'Appointment resized' : 'Appointment moved', variant: 'success' });
    },
    onError: (e, { id, patch }) => {
      const { message } = conflictOf(e);
      toast({ title: patch.endsAt ? 'Length not changed' : 'Not changed', description: message, variant: 'destructive' });
      onRefused?.(id, message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['/api/appointments'] }),
  });
}
