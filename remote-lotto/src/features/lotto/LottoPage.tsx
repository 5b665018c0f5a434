import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@suwerte/shared';
import { PageTitle, lazyDialog, lazyPart } from '@suwerte/ui';
import { useState } from 'react';
import { JackpotCard } from './JackpotCard';
import { LiveClock } from './LiveClock';
import { LottoSchedules } from './LottoSchedules';
import classes from './LottoPage.module.css';

// Closed on the page's first screen: its code (and the kernel's overlays) comes with its first
// opening or an idle moment, not before the page's heading (docs/decisions/225).
const LottoResultsDialog = lazyDialog(() => import(/* webpackChunkName: "dialog-LottoResults" */ './LottoResultsDialog').then((module) => module.LottoResultsDialog), {
  name: 'Lotto Results',
  open: 'opened',
  close: 'onClose',
});

// The rules' code (and the kernel's `pages` entry point, for the accordion, tables and lists) comes
// once the page is on show: they are below the draws, and the draws are what the player came for
// (docs/decisions/248). Their place is held by the four closed games' bars meanwhile.
const LottoRules = lazyPart(() => import(/* webpackChunkName: "lotto-rules" */ './LottoRules').then((module) => module.LottoRules), {
  loading: (
    <div className={classes.rulesPlaceholder} aria-hidden>
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} className={classes.ruleBar} radius="md" />
      ))}
    </div>
  ),
  failed: (retry) => (
    <Text size="sm" c="dimmed" role="status">
      Couldn&apos;t load the game rules —{' '}
      <Anchor component="button" type="button" onClick={retry}>
        Retry
      </Anchor>
    </Text>
  ),
});

/** `/Lotto`: title, live clock, results dialog, jackpot, schedule cards and the rules (document 1, section 2). */
export function LottoPage() {
  // No clock here: the live clock and each card's countdown read it themselves, so a second's
  // tick redraws those and not the page (docs/decisions/136).
  const [resultsOpen, setResultsOpen] = useState(false);
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={0}>
          <PageTitle>Lotto</PageTitle>
          <LiveClock />
        </Stack>
        <Button variant="outline" onClick={() => setResultsOpen(true)} w={{ base: '100%', xs: 'auto' }}>
          Lotto Results
        </Button>
      </Group>
      <JackpotCard />
      <Stack component="section" aria-labelledby="lotto-draws-title" gap="md">
        <Title order={2} size="h3" id="lotto-draws-title">
          Draw Schedule
        </Title>
        <LottoSchedules />
      </Stack>
      <Stack component="section" aria-labelledby="lotto-rules-title" gap="md">
        <Title order={2} size="h3" id="lotto-rules-title">
          Game Rules
        </Title>
        <LottoRules />
      </Stack>
      <LottoResultsDialog opened={resultsOpen} onClose={() => setResultsOpen(false)} />
    </Stack>
  );
}
