import { Badge, Group, Paper, Stack, Text, Title } from '@suwerte/shared';
import { KARERA_PREVIOUS_COUNTED, KARERA_PREVIOUS_SHOWN, kareraSideName, type KareraSide } from '@suwerte/contracts/karera';
import classes from './PreviousResults.module.css';

/** Previous results: the last 10 as icons and a 'Last 100' count per side (document 2, sections 2 and 9). */
export function PreviousResults({ previous }: { previous: readonly KareraSide[] }) {
  const shown = previous.slice(0, KARERA_PREVIOUS_SHOWN);
  const counted = previous.slice(0, KARERA_PREVIOUS_COUNTED);
  const uno = counted.filter((side) => side === 1).length;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="karera-previous-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="karera-previous-title">
          Previous results
        </Title>
        {shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            No results yet
          </Text>
        ) : (
          <ol className={classes.icons} aria-label="Last 10 results, most recent first" data-testid="karera-previous">
            {shown.map((side, index) => (
              <li key={index} className={classes.icon} data-side={kareraSideName(side)} aria-label={kareraSideName(side)} title={kareraSideName(side)}>
                <span aria-hidden>{side}</span>
              </li>
            ))}
          </ol>
        )}
        <Group gap="xs" data-testid="karera-last100">
          <Text size="sm" fw={700}>
            Last 100
          </Text>
          <Badge color="gold" variant="light" size="lg">
            UNO {uno}
          </Badge>
          <Badge color="indigo" variant="light" size="lg">
            DOS {counted.length - uno}
          </Badge>
        </Group>
      </Stack>
    </Paper>
  );
}
