import { staffInbox } from 'remote-shared/staff-content';

export interface OwnerChoice {
  readonly email: string;
  /** What the select shows: the address, or "address (former staff)". */
  readonly label: string;
}

/**
 * The owners a request can be given: the staff roster, and the request's current owner when
 * they are no longer on it (revoked with `npm run staff -- revoke`). Their name stays, since who
 * owned a lead is history, but it says they left, and it is offered only on the request that
 * already has it. While the roster is loading (null), nobody is called former staff.
 */
export function ownerChoices(owner: string, roster: readonly string[] | null): OwnerChoice[] {
  const members = (roster ?? []).map((email) => ({ email, label: email }));
  if (!owner || roster?.includes(owner)) return members;
  return [{ email: owner, label: roster ? staffInbox.lead.formerStaff(owner) : owner }, ...members];
}
