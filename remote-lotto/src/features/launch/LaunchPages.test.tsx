import type { RouteObject } from '@suwerte/shared';
import { LAUNCH_TOKEN, fakeApi, renderWithProviders, startLaunchTest, withSessionTokens } from '@suwerte/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { EZ2LaunchPage, MegaMillionLaunchPage, Pick12LaunchPage, Pick3LaunchPage, WetengLaunchPage } from './LaunchPages';

// The launch token the API hands out (docs/decisions/141); a real one has base64url characters,
// this one also has the characters that need encoding.
const ENCODED = LAUNCH_TOKEN.encoded;

const ROUTES: RouteObject[] = [
  { path: '/Pick3Route/:id', element: <Pick3LaunchPage /> },
  { path: '/Pick12Route/:id', element: <Pick12LaunchPage /> },
  { path: '/MegaMillionRoute', element: <MegaMillionLaunchPage /> },
  { path: '/EZ2Route/:id', element: <EZ2LaunchPage /> },
  { path: '/WetengRoute/:id', element: <WetengLaunchPage /> },
];

function open(path: string) {
  return renderWithProviders(<p>elsewhere</p>, { path, routes: ROUTES });
}

describe('game launch routes', () => {
  let launches: string[] = [];
  beforeEach(() => {
    launches = startLaunchTest();
  });

  it.each([
    ['/Pick3Route/42', `http://games.test/pick3?accesstoken=${ENCODED}&type=42`, 'Opening Pick 3 (6/42)…'],
    ['/Pick3Route/58', `http://games.test/pick3?accesstoken=${ENCODED}&type=58`, 'Opening Pick 3 (6/58)…'],
    ['/Pick12Route/45', `http://games.test/pick12?accesstoken=${ENCODED}&type=45`, 'Opening Pick 12 (6/45)…'],
    ['/MegaMillionRoute', `http://games.test/megamillion?accesstoken=${ENCODED}&type=200`, 'Opening Mega Millions…'],
    ['/WetengRoute/7', `http://games.test/weteng?accesstoken=${ENCODED}&type=7`, 'Opening Weteng…'],
  ])('%s sends the browser to the production game site with the token and type', async (path, url, heading) => {
    open(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    await waitFor(() => expect(launches).toEqual([url]));
    // The launch is recorded as the link's state is set: the link shows on the next render.
    expect(await screen.findByRole('link', { name: /^Continue to/ })).toHaveAttribute('href', url);
  });

  it.each([
    ['/Pick3Route/77', 'Pick 3 has no game type “77”. Pick 3 is played on the 6/42, 6/45, 6/49, 6/55, 6/58 draws.'],
    ['/Pick12Route/131', 'Pick 12 has no game type “131”. Pick 12 is played on the 6/42, 6/45, 6/49, 6/55, 6/58 draws.'],
    ['/Pick3Route/42abc', 'Pick 3 has no game type “42abc”. Pick 3 is played on the 6/42, 6/45, 6/49, 6/55, 6/58 draws.'],
    ['/WetengRoute/drop%20table', 'Weteng has no game “drop table”.'],
  ])('%s explains that the game type is unknown and does not redirect', async (path, message) => {
    open(path);
    expect(await screen.findByRole('heading', { name: 'Game not found' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Lotto' })).toHaveAttribute('href', '/Lotto');
    expect(launches).toEqual([]);
  });

  describe('EZ 2, by schedule id', () => {
    // The page's clock stands still, so it never re-renders between assertions.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
    const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

    function schedules() {
      return fakeApi(withSessionTokens(() => ({
        status: 200,
        data: [
          { _id: 'ez2next', GameType: 131, Schedule: inAnHour() },
          { _id: 'ez2done', GameType: 131, Schedule: anHourAgo() },
          { _id: 'lotto42', GameType: 42, Schedule: inAnHour() },
        ],
      })));
    }

    it('launches a coming EZ 2 draw with its schedule id', async () => {
      schedules();
      open('/EZ2Route/ez2next');
      await waitFor(() => expect(launches).toEqual([`http://games.test/ez2?accesstoken=${ENCODED}&type=131&id=ez2next`]));
    });

    it('explains an id that is not an EZ 2 draw, and a draw already completed', async () => {
      schedules();
      const first = open('/EZ2Route/lotto42');
      expect(await screen.findByRole('heading', { name: 'EZ 2 draw not found' })).toBeInTheDocument();
      expect(screen.getByText('There is no EZ 2 draw “lotto42” on the schedule. Choose a draw on the Lotto page.')).toBeInTheDocument();
      first.unmount();
      open('/EZ2Route/ez2done');
      expect(await screen.findByRole('heading', { name: 'Draw completed' })).toBeInTheDocument();
      expect(launches).toEqual([]);
    });
  });
});
