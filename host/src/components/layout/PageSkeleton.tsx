import { Skeleton, Stack } from '@suwerte/shared';

/**
 * Where a page will be while its code arrives (a deep link into a remote on a slow phone): the
 * shell around it is already usable. Announced once as "Loading page".
 */
export function PageSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading page" data-testid="page-skeleton">
      <Skeleton height={34} width="40%" radius="sm" />
      <Skeleton height={18} width="65%" radius="sm" />
      <Skeleton height={180} radius="md" />
      <Skeleton height={120} radius="md" />
    </Stack>
  );
}
