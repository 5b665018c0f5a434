import { Button, Link, Stack, Text, Title, useDocumentTitle } from '@suwerte/shared';

export const NOT_FOUND_TEXT = "Looks like the odds weren't in your favor. This page doesn't exist.";

/** Document 2's 404 page: any path no part of the site owns. */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found · Suwerte');
  return (
    <Stack align="center" ta="center" py={64} gap="md">
      <Text fz={72} fw={900} c="gold" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        Page Not Found
      </Title>
      <Text c="dimmed" maw={420}>
        {NOT_FOUND_TEXT}
      </Text>
      <Button component={Link} to="/" size="md">
        Back to Home
      </Button>
    </Stack>
  );
}
