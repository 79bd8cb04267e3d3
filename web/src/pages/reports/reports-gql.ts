import { graphql } from '../../gql';

export const REPORT_ROW = graphql(`
  fragment ReportRowFields on ReportRow {
    key
    label
    count
    amountMinor
  }
`);

export const REPORT = graphql(`
  query Report($from: String!, $to: String!, $locationId: ID) {
    report(from: $from, to: $to, locationId: $locationId) {
      from
      to
      locationId
      currency
      sales {
        totals {
          tickets
          salesMinor
          servicesMinor
          productsMinor
          otherMinor
          discountMinor
          taxMinor
          tipsMinor
          refundsMinor
          netMinor
          averageTicketMinor
        }
        byDay {
          date
          tickets
          salesMinor
          tipsMinor
          refundsMinor
        }
        byService {
          ...ReportRowFields
        }
        byStaff {
          ...ReportRowFields
        }
        byPaymentMethod {
          ...ReportRowFields
        }
        byLocation {
          ...ReportRowFields
        }
      }
      appointments {
        total
        booked
        completed
        cancelled
        noShow
        online
        noShowBps
        onlineBps
        bookedMinutes
        workingMinutes
        utilisationBps
        byStaff {
          ...ReportRowFields
        }
      }
      clients {
        newClients
        served
        returning
        firstVisits
        retentionBps
        rebookingBps
        topClients {
          ...ReportRowFields
        }
      }
      staff {
        staffId
        staffName
        revenueMinor
        services
        tickets
        averageTicketMinor
        tipsMinor
        completedAppointments
        rebookingBps
        bookedMinutes
        workingMinutes
        utilisationBps
      }
      retail {
        topProducts {
          ...ReportRowFields
        }
      }
      giftCards {
        liabilityMinor
        outstandingCards
        openingLiabilityMinor
        issuedMinor
        issuedCount
        redeemedMinor
        redeemedCount
        refundedMinor
        adjustedMinor
        expiredMinor
      }
      memberships {
        active
        mrrMinor
        activeAtStart
        started
        cancelled
        churnBps
        byPlan {
          ...ReportRowFields
        }
      }
      automations {
        sent
        skipped
        cancelled
        sms
        email
        byKind {
          kind
          label
          sent
          skipped
          cancelled
          sentBps
        }
      }
    }
  }
`);

export const DASHBOARD_FIGURES = graphql(`
  query DashboardFigures($locationId: ID) {
    dashboardFigures(locationId: $locationId) {
      date
      weekStart
      currency
      tickets
      salesMinor
      tipsMinor
      newClientsThisWeek
    }
  }
`);

export const LOW_STOCK = graphql(`
  query DashboardLowStock($locationId: ID) {
    products(locationId: $locationId, lowOnly: true, active: true, limit: 50) {
      id
      name
      lowStockThreshold
      stock {
        locationId
        onHand
      }
    }
  }
`);
