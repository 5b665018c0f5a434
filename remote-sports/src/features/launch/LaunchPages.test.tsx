import type { RouteObject } from '@suwerte/shared';
import { LAUNCH_TOKEN, fakeApi, renderWithProviders, startLaunchTest, withSessionTokens } from '@suwerte/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { completedGame, scheduledGame } from '../../testing/sports-data';
import { EndingLaunchPage, EndingwqLaunchPage, FttsLaunchPage, OddEvenLaunchPage, TeamBettingLaunchPage } from './LaunchPages';

// The launch token the API hands out (docs/decisions/141); a real one has base64url characters,
// this one also has the characters that need encoding.
const ENCODED = LAUNCH_TOKEN.encoded;

const ROUTES: RouteObject[] = [
  { path: '/EndingRoute/:endingId/:code', element: <EndingLaunchPage /> },
  { path: '/EndingwqRoute/:id', element: <EndingwqLaunchPage /> },
  { path: '/TeamBetting/:id', element: <TeamBettingLaunchPage /> },
  { path: '/FTTS/:id', element: <FttsLaunchPage /> },
  { path: '/OddEven/:id', element: <OddEvenLaunchPage /> },
];

const game = scheduledGame();
const done = completedGame();

describe('basketball launch routes', () => {
  let launches: string[] = [];
  beforeEach(() => {
    launches = startLaunchTest();
    fakeApi(withSessionTokens((call) => (call.url === '/schedule' ? { status: 200, data: [game, done] } : { status: 404, data: { message: 'Not found' } })));
  });

  const open = (path: string) => renderWithProviders(<p>elsewhere</p>, { path, routes: ROUTES });

  it.each([
    [`/EndingRoute/${game.Ending._id}/101`, `http://games.test/ending?accesstoken=${ENCODED}&id=${game.Ending._id}&type=101`, 'Opening Regular (x70) · MNL vs CEB…'],
    [`/EndingRoute/${game.Ending._id}/105`, `http://games.test/ending?accesstoken=${ENCODED}&id=${game.Ending._id}&type=105`, 'Opening Overtime · MNL vs CEB…'],
    [`/EndingwqRoute/${game.Endingwq?._id}`, `http://games.test/endingwq?accesstoken=${ENCODED}&id=${game.Endingwq?._id}`, 'Opening Quarter Prize · MNL vs CEB…'],
    [`/EndingwqRoute/${game.Endingwqr?._id}`, `http://games.test/endingwq?accesstoken=${ENCODED}&id=${game.Endingwqr?._id}`, 'Opening Quarter & Reverse Prize · MNL vs CEB…'],
    [`/TeamBetting/${game.Teambetting?._id}`, `http://games.test/teambetting?accesstoken=${ENCODED}&id=${game.Teambetting?._id}`, 'Opening Team Winner · MNL vs CEB…'],
    [`/FTTS/${game.FTTS?._id}`, `http://games.test/ftts?accesstoken=${ENCODED}&id=${game.FTTS?._id}`, 'Opening First Team To Score · MNL vs CEB…'],
    [`/OddEven/${game.OddEven?._id}`, `http://games.test/oddeven?accesstoken=${ENCODED}&id=${game.OddEven?._id}`, 'Opening Odd/Even · MNL vs CEB…'],
  ])('%s leaves for the game site with the token and the game id', async (path, url, heading) => {
    open(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    await waitFor(() => expect(launches).toEqual([url]));
    // The launch is recorded as the link's state is set: the link shows on the next render.
    expect(await screen.findByRole('link', { name: /^Continue to/ })).toHaveAttribute('href', url);
  });

  it.each([
    [`/EndingRoute/${game.Ending._id}/102`, 'Game not found', 'Ending has no game “102”: 101 is the Regular Ending, 105 the Overtime.'],
    ['/FTTS/0123456789abcdef0123abcd', 'Game not found', 'There is no basketball game “0123456789abcdef0123abcd” on the schedule. Choose a game on the Sports page.'],
    // An id of another kind of game is not this route's game.
    [`/OddEven/${game.FTTS?._id}`, 'Game not found', `There is no basketball game “${game.FTTS?._id}” on the schedule. Choose a game on the Sports page.`],
    [`/TeamBetting/${done.Teambetting?._id}`, 'Game completed', 'MNL vs CEB has ended. Choose another game on the Sports page.'],
  ])('%s explains why nothing opens and stays on the site', async (path, title, text) => {
    open(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sports' })).toHaveAttribute('href', '/Sports');
    expect(launches).toEqual([]);
  });
});
