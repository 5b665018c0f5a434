import { Button, Image, Paper, Stack, Text } from '@suwerte/shared';
import { PageTitle } from '@suwerte/ui';
import kenoArt from '../egames/art/lucky-keno.svg';
import { SLOT_MACHINE_ROUTE } from './launch';

/** `/SlotMachine`: the slot game's page; Play Now opens the game in a new tab. */
export function SlotMachinePage() {
  return (
    <Stack maw={720}>
      <PageTitle>Lucky Keno</PageTitle>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Image src={kenoArt} alt="" radius="md" h={200} fit="cover" />
          <Text>Choose your numbers and watch the random draw. Lucky Keno is played on our partner&apos;s game site, in a new tab.</Text>
          <Button component="a" href={SLOT_MACHINE_ROUTE} target="_blank" rel="noopener" aria-label="Play Now: Lucky Keno (opens in a new tab)">
            Play Now
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
