// The stablecoin's enablement for Meridian operations (the spec's "Stablecoin
// enablement", the reference's gridOperationsStatus), as one table. `request`
// is what a platform's enablement request does from each state (null: not
// requestable, 409 STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE); `operator`
// lists the states the operator may move it to from the admin section.
export const ENABLEMENT_STATES = ["NOT_ENABLED", "PENDING_APPROVAL", "ENABLING", "ENABLED", "DISABLED"] as const;
export type EnablementState = (typeof ENABLEMENT_STATES)[number];

export const ENABLEMENT_MACHINE: Record<
  EnablementState,
  { request: EnablementState | null; operator: readonly EnablementState[] }
> = {
  NOT_ENABLED: { request: "PENDING_APPROVAL", operator: [] },
  // A repeated request while pending succeeds and changes nothing.
  PENDING_APPROVAL: { request: "PENDING_APPROVAL", operator: ["ENABLING", "DISABLED"] },
  ENABLING: { request: null, operator: ["ENABLED", "DISABLED"] },
  ENABLED: { request: null, operator: ["DISABLED"] },
  DISABLED: { request: null, operator: ["ENABLING"] },
};

/** States from which a platform's request is accepted. */
export const REQUESTABLE_FROM = ENABLEMENT_STATES.filter((s) => ENABLEMENT_MACHINE[s].request !== null);

export function operatorMayMove(from: EnablementState, to: EnablementState): boolean {
  return ENABLEMENT_MACHINE[from].operator.includes(to);
}

/** Operator-settable target states (what the admin controls offer). */
export const OPERATOR_TARGETS = ["ENABLING", "ENABLED", "DISABLED"] as const;
