import { Badge } from '@suwerte/shared';
import { requestStatusLabel } from '@suwerte/contracts/members';

const COLOR = { PENDING: 'yellow', REJECTED: 'red', APPROVED: 'green' } as const;

/** Deposit and withdrawal Status: 1 PENDING, 2 REJECTED, any other value APPROVED (document 1, section 4). */
export function RequestStatusBadge({ status }: { status: number }) {
  const label = requestStatusLabel(status);
  return (
    <Badge color={COLOR[label]} variant="light" radius="sm">
      {label}
    </Badge>
  );
}
