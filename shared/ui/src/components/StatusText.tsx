import { Center, Loader, Stack, Text } from '@suwerte/shared';

export interface StatusTextProps {
  /** The spec's exact empty/loading text, e.g. 'NO DEPOSIT' or 'Fetching data'. */
  children: string;
  /** Shows a spinner beside the text. @default false */
  loading?: boolean;
}

/** Empty and loading states of lists, announced politely to screen readers. */
export function StatusText({ children, loading = false }: StatusTextProps) {
  return (
    <Center py="lg" role="status" aria-live="polite">
      <Stack gap="xs" align="center">
        {loading && <Loader size="sm" aria-hidden />}
        <Text c="dimmed" fw={600}>
          {children}
        </Text>
      </Stack>
    </Center>
  );
}
