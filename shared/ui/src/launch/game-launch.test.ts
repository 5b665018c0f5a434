import { setRuntimeConfig } from '@suwerte/shared/host';
import { TEST_CONFIG } from '@suwerte/shared/testing';
import { gameLaunchUrl } from './game-launch';

describe('gameLaunchUrl', () => {
  it('builds the production game-site URL with percent-encoded parameters', () => {
    setRuntimeConfig(TEST_CONFIG);
    expect(gameLaunchUrl('pick3', { accesstoken: 'a.b+c/d=', type: 42 })).toBe(
      'http://games.test/pick3?accesstoken=a.b%2Bc%2Fd%3D&type=42',
    );
  });
});
