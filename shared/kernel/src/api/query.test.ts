import { lottoEndpoints } from '@suwerte/contracts/lotto';
import { startSignedIn } from '../testing';
import { sessionStore } from '../store/session-store';
import { queryClient } from './query';

describe('the query cache and the session (docs/decisions/245)', () => {
  const key = lottoEndpoints.activeSchedules.queryKey({});
  const cached = () => queryClient.getQueryData(key);
  const later = () => Math.floor(Date.now() / 1000) + 7200;

  beforeEach(() => {
    startSignedIn('demoplayer');
    queryClient.setQueryData(key, [{ _id: 's1' }]);
  });

  it('keeps the answers when the same player’s token is renewed', () => {
    sessionStore.getState().renewToken({ token: 'renewed-token', exp: later() });
    expect(sessionStore.getState().user.token).toBe('renewed-token');
    expect(cached()).toEqual([{ _id: 's1' }]);
  });

  it('drops them at sign-out', () => {
    sessionStore.getState().logout();
    expect(cached()).toBeUndefined();
  });

  it('drops them when another player signs in', () => {
    sessionStore.getState().startSession({ token: 'other-token', username: 'someoneelse', role: 420, exp: later() });
    expect(cached()).toBeUndefined();
  });
});
