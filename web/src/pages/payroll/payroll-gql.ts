import { graphql } from '../../gql';

export const RUN_FIELDS = graphql(`
  fragment PayrollRunFields on PayrollRun {
    id
    periodStart
    periodEnd
    status
    currency
    createdAt
    finalisedAt
    totalMinor
    unapprovedStaffIds
    staff {
      staffId
      staffName
      hoursMinor
      commissionMinor
      tipsMinor
      otherMinor
      totalMinor
      regularMinutes
      overtimeMinutes
    }
  }
`);

export const PAYROLL_RUNS = graphql(`
  query PayrollRuns {
    payrollRuns {
      ...PayrollRunFields
    }
  }
`);

export const PAYROLL_LINES = graphql(`
  query PayrollLines($runId: ID!, $staffId: ID) {
    payrollLines(runId: $runId, staffId: $staffId) {
      id
      staffId
      kind
      sourceType
      sourceId
      occurredOn
      description
      ruleId
      ruleVersion
      arithmetic
      amountMinor
    }
  }
`);

export const PAY_RULES = graphql(`
  query PayRules($staffId: ID!) {
    payRules(staffId: $staffId) {
      id
      version
      effectiveFrom
      summary
      note
      terms {
        ...PayRuleTermsFields
      }
    }
  }
`);

export const PAY_RULE_TERMS = graphql(`
  fragment PayRuleTermsFields on PayRuleTerms {
    hourlyRateMinor
    salaryPerPeriodMinor
    serviceCommission {
      rateBps
      tierMode
      tiers {
        fromMinor
        rateBps
      }
      overrides {
        serviceId
        rateBps
        flatMinor
      }
    }
    productCommissionBps
    categoryCommissions {
      kind
      category
      rateBps
    }
    deductions {
      backBarFeeMinor
      productCostBps
    }
    tips {
      paid
      lessCardFee
      takeBackOnRefund
    }
    boothRentPerPeriodMinor
  }
`);

export const ADD_PAY_RULE = graphql(`
  mutation AddPayRule($staffId: ID!, $input: PayRuleInput!) {
    addPayRule(staffId: $staffId, input: $input) {
      id
      version
      effectiveFrom
      summary
    }
  }
`);

export const SET_CLOCK_PIN = graphql(`
  mutation SetClockPin($staffId: ID, $pin: String!) {
    setClockPin(staffId: $staffId, pin: $pin)
  }
`);

export const DRAFT_RUN = graphql(`
  mutation DraftPayrollRun($input: DraftPayrollRunInput!) {
    draftPayrollRun(input: $input) {
      ...PayrollRunFields
    }
  }
`);

export const FINALISE_RUN = graphql(`
  mutation FinalisePayrollRun($id: ID!) {
    finalisePayrollRun(id: $id) {
      ...PayrollRunFields
    }
  }
`);
