import { resetSession, signInForTest } from '@suwerte/shared/testing';
import { sessionStore } from '@suwerte/shared';
import { requireSessionLoader, takeReturnTo } from './session-guard';

describe('protected-route guard', () => {
  beforeEach(resetSession);

  it('with no token: opens the sign-in dialog and redirects to /, remembering the destination', async () => {
    const outcome = await requireSessionLoader({ request: new Request('http://localhost/members/profile?tab=1') }).catch(
      (thrown: unknown) => thrown,
    );
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).headers.get('Location')).toBe('/');
    expect(sessionStore.getState().signIn).toEqual({ open: true, id: 0 });
    expect(takeReturnTo()).toBe('/members/profile?tab=1');
    expect(takeReturnTo()).toBeNull();
  });

  it('lets a signed-in player through', async () => {
    signInForTest();
    await expect(requireSessionLoader({ request: new Request('http://localhost/Lotto') })).resolves.toBeNull();
    expect(sessionStore.getState().signIn.open).toBe(false);
  });
});
