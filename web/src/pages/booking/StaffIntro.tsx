import { useQuery } from '@tanstack/react-query';
import type { PublicStaff } from '@salon/contracts';
import { api } from '../../lib/api-client';
import './staff-intro.css';

interface Props {
  locationId: string;
  staffId: string;
}

/** The public page's call: visitors have no session, so a 401 here is not a signed-out session. */
export const fetchBookableStaff = (locationId: string) =>
  api.get<PublicStaff[]>(`/api/online-booking/staff?${new URLSearchParams({ locationId })}`, { sessionCall: false });

/**
 * The person a visitor chose, as they introduce themselves (photo and bio from their staff
 * profile). Nothing is shown while loading or when they wrote nothing: the times matter more.
 */
export function StaffIntro({ locationId, staffId }: Props) {
  const staff = useQuery({
    queryKey: ['online-booking-staff', locationId],
    queryFn: () => fetchBookableStaff(locationId),
    staleTime: 60_000,
  });
  const person = staff.data?.find((p) => p.id === staffId);
  if (!person || (!person.bio && !person.profilePicture)) return null;
  return (
    <section className="bk-staff-intro" aria-label={`About ${person.name}`} data-testid="bk-staff-intro">
      {person.profilePicture && (
        <img className="bk-staff-photo" src={person.profilePicture} alt={`Photo of ${person.name}`} width={72} height={72} />
      )}
      <div>
        <h3 className="bk-staff-name">{person.name}</h3>
        {person.bio && <p className="bk-staff-bio">{person.bio}</p>}
      </div>
    </section>
  );
}
