import { graphql } from '../../gql';

/** /booking-design (the staff's editor) over the scheduling subgraph; the public page reads REST. */

export const BOOKING_DESIGN = graphql(`
  query BookingDesign {
    bookingDesign {
      primaryColor
      backgroundColor
      logoUrl
      headline
      intro
      policies
      allowAnyStaff
      offeredServiceIds
      offeredStaffIds
      version
      updatedAt
    }
  }
`);

export const SAVE_BOOKING_DESIGN = graphql(`
  mutation SaveBookingDesign($input: BookingDesignInput!) {
    saveBookingDesign(input: $input) {
      primaryColor
      backgroundColor
      logoUrl
      headline
      intro
      policies
      allowAnyStaff
      offeredServiceIds
      offeredStaffIds
      version
      updatedAt
    }
  }
`);

/** Every active service of every location; the editor keeps the online-bookable ones (what the public page can offer). */
export const DESIGN_SERVICES = graphql(`
  query BookingDesignServices {
    services {
      id
      name
      durationMin
      priceMinor
      locationId
      onlineBookable
    }
  }
`);
