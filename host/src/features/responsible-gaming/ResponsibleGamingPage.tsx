import '@suwerte/shared/pages.css';
import { Anchor, Paper, Stack, Text, Title } from '@suwerte/shared';
import { List } from '@suwerte/shared/pages';
import { PageTitle } from '@suwerte/ui';

/** Document 1, section 1: the Responsible Gaming page (its age is 18; the footer's is 21+ — both as written). */
export function ResponsibleGamingPage() {
  return (
    <Stack maw={820} mx="auto" gap="lg">
      <PageTitle>Responsible Gaming</PageTitle>
      <Text>
        Suwerte is entertainment for adults. Persons under 18 years of age are barred from playing. We verify our players
        and may ask for proof of age and identity at any time.
      </Text>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="xs">
          Know the risks
        </Title>
        <Text>
          Gambling can become an addiction. Be aware of the signs: chasing losses, betting more than you planned, borrowing to
          play, or hiding your play from family and friends.
        </Text>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="xs">
          Limits are in your hands
        </Title>
        <Text>
          Suwerte has no automated self-exclusion and no deposit limit tool. Please keep control yourself with these habits:
        </Text>
        <List mt="sm" spacing="xs">
          <List.Item>Set a budget before you play, and stick to it.</List.Item>
          <List.Item>Never gamble when you are upset, stressed, or under the influence of alcohol or drugs.</List.Item>
          <List.Item>Treat gambling as entertainment, not as a way to make money.</List.Item>
          <List.Item>Take regular breaks.</List.Item>
        </List>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="xs">
          Get help
        </Title>
        <Text>
          If gambling is hurting you or someone close to you, reach out to Gamblers Anonymous Philippines, a support fellowship
          for people with a gambling problem, or call the National Center for Mental Health crisis hotline: dial{' '}
          <Anchor href="tel:1553">1553</Anchor>.
        </Text>
      </Paper>
    </Stack>
  );
}
