import { Accordion, Table, List } from '@suwerte/shared/pages';
import { Stack, Text } from '@suwerte/shared';
import { EZ2_RULES, LOTTO_BET_CHIPS, LOTTO_GAME_LABELS, LOTTO_JACKPOT_ADD_ON_PESOS, MEGA_MILLIONS_RULES, PICK12_ODDS, PICK3_JACKPOT_MATCH, PICK3_ODDS, type LottoGameType } from '@suwerte/contracts/lotto';
import { LOTTO_GAME_TYPES } from '@suwerte/contracts/core';
import { formatPeso } from '@suwerte/money';
import type { ReactNode } from 'react';

const GAMES = LOTTO_GAME_LABELS;
const chips = LOTTO_BET_CHIPS.map((amount) => formatPeso(amount).replace('.00', '')).join(', ');
const hour = (h: number) => `${h % 12 === 0 ? 12 : h % 12}${h < 12 ? 'AM' : 'PM'}`;
const drawHours = EZ2_RULES.drawHours.map(hour);
const listOf = (items: string[]) => `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;

function OddsTable({ caption, rows }: { caption: string; rows: [string, string][] }) {
  return (
    <Table withTableBorder withColumnBorders maw={420} verticalSpacing={4}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Game</Table.Th>
          <Table.Th scope="col">Odds (bet multiplier)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([game, odds]) => (
          <Table.Tr key={game}>
            <Table.Td>{game}</Table.Td>
            <Table.Td fw={700}>{odds}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const oddsRows = (odds: Record<LottoGameType, number>): [string, string][] =>
  LOTTO_GAME_TYPES.map((type) => [GAMES[type], `x${odds[type]}`]);

const RULES: { value: string; title: string; body: ReactNode }[] = [
  {
    value: 'pick3',
    title: 'PICK 3',
    body: (
      <>
        <Text>Pick 3 numbers on a {listOf(LOTTO_GAME_TYPES.map((type) => GAMES[type]))} draw.</Text>
        <OddsTable caption="Pick 3 odds" rows={oddsRows(PICK3_ODDS)} />
        <List size="sm" spacing={4}>
          <List.Item>
            Pick 3 jackpot on {PICK3_JACKPOT_MATCH.hits} of {PICK3_JACKPOT_MATCH.of}.
          </List.Item>
          <List.Item>Jackpot add-on: {formatPeso(LOTTO_JACKPOT_ADD_ON_PESOS)} per entry.</List.Item>
          <List.Item>Bet amount chips: {chips}.</List.Item>
        </List>
      </>
    ),
  },
  {
    value: 'pick12',
    title: 'PICK 12',
    body: (
      <>
        <Text>Pick 12 numbers on a {listOf(LOTTO_GAME_TYPES.map((type) => GAMES[type]))} draw.</Text>
        <OddsTable caption="Pick 12 odds" rows={oddsRows(PICK12_ODDS)} />
        <List size="sm" spacing={4}>
          <List.Item>Bet amount chips: {chips}.</List.Item>
        </List>
      </>
    ),
  },
  {
    value: 'megamillions',
    title: 'MEGAMILLIONS',
    body: (
      <>
        <Text>
          Pick 3, or {MEGA_MILLIONS_RULES.whitePicks} white plus {MEGA_MILLIONS_RULES.yellowPicks} yellow.
        </Text>
        <OddsTable
          caption="Mega Millions odds"
          rows={[
            ['3 white', `x${MEGA_MILLIONS_RULES.threeWhiteOdds}`],
            ['1 white + yellow', `x${MEGA_MILLIONS_RULES.oneWhitePlusYellowOdds}`],
            ['2 white + yellow', `x${MEGA_MILLIONS_RULES.twoWhitePlusYellowOdds}`],
          ]}
        />
        <List size="sm" spacing={4}>
          <List.Item>Bet amount chips: {chips}.</List.Item>
        </List>
      </>
    ),
  },
  {
    value: 'ez2',
    title: 'EZ 2',
    body: (
      <>
        <Text>
          Pick {EZ2_RULES.picks} numbers from {EZ2_RULES.min} to {EZ2_RULES.max}. Draws at {listOf(drawHours)} (Philippine time).
        </Text>
        <OddsTable
          caption="EZ 2 odds"
          rows={[
            ['Straight (exact order)', `x${EZ2_RULES.straightOdds}`],
            ['Rambolito (any order)', `x${EZ2_RULES.rambolitoOdds}`],
          ]}
        />
        <List size="sm" spacing={4}>
          <List.Item>Bet amount chips: {chips}.</List.Item>
        </List>
      </>
    ),
  },
];

/** The rules accordion: every odd and rule of document 1, section 9, per game. */
export function LottoRules() {
  return (
    <Accordion variant="separated" radius="md" multiple>
      {RULES.map((rule) => (
        <Accordion.Item key={rule.value} value={rule.value}>
          <Accordion.Control>{rule.title}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">{rule.body}</Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
