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
    }
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
