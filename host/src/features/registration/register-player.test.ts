import { fakeApi, resetSession } from '@suwerte/shared/testing';
import { registerPlayer } from './register-player';

describe('registration texts (document 1, section 8)', () => {
  beforeEach(resetSession);
  const request = { username: 'newplayer', password: 'secret123', referral: 'X', email: 'a@b.co', contactnumber: '0917' };

  it("shows 'No reffer Found' as 'Please input valid referral'", async () => {
    fakeApi(() => ({ status: 400, data: { message: 'No reffer Found' } }));
    await expect(registerPlayer(request)).rejects.toThrow('Please input valid referral');
  });

  it("shows 'Registration failed' for an empty answer", async () => {
    fakeApi(() => ({ status: 200, data: '' }));
    await expect(registerPlayer(request)).rejects.toThrow('Registration failed');
  });

  it('shows any other server text as it is', async () => {
    fakeApi(() => ({ status: 409, data: { message: 'Username already exists' } }));
    await expect(registerPlayer(request)).rejects.toThrow('Username already exists');
  });

  it("resolves on 'Registration Successful'", async () => {
    fakeApi(() => ({ status: 201, data: { message: 'Registration Successful' } }));
    await expect(registerPlayer(request)).resolves.toBeUndefined();
  });
});
