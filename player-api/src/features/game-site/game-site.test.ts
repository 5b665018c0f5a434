import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestGame } from '../../testing/sports';
import { createTestApp, launchTokenFor, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('external game site stand-in', () => {
  it("shows the game and every parameter for a player's launch token of that game", async () => {
    const token = await launchTokenFor(t.app, await t.login('demoplayer', 'suwerte123'), 'pick3');
    const response = await t.app.inject({ url: `/games/pick3?accesstoken=${encodeURIComponent(token)}&type=42` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Pick 3</h1>');
    expect(response.body).toContain('playing as <strong>demoplayer</strong>');
    expect(response.body).toContain('<dd data-param="type">42</dd>');
  });

  it('refuses a missing or forged token and escapes what it echoes', async () => {
    const response = await t.app.inject({ url: '/games/ez2?accesstoken=nope&type=%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Invalid or expired access token');
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('&lt;script&gt;');
  });

  it('answers 404 for an unknown game', async () => {
    expect((await t.app.inject({ url: '/games/roulette?accesstoken=x' })).statusCode).toBe(404);
  });

  it('takes every basketball launch: the match, a betting form for that game, and a script only its nonce runs', async () => {
    const session = await t.login('demoplayer', 'suwerte123');
    const game = await createTestGame(t);
    const launches: [string, string, string][] = [
      ['ending', `id=${game.Ending._id}&type=101`, 'Ending:'],
      ['ending', `id=${game.Ending._id}&type=105`, 'Overtime:'],
      ['endingwq', `id=${game.Endingwq?._id ?? ''}`, 'Quarter Prize:'],
      ['endingwq', `id=${game.Endingwqr?._id ?? ''}`, 'Quarter &amp; Reverse Prize:'],
      ['teambetting', `id=${game.Teambetting?._id ?? ''}`, 'Team Winner:'],
      ['ftts', `id=${game.FTTS?._id ?? ''}`, 'First Team To Score:'],
      ['oddeven', `id=${game.OddEven?._id ?? ''}`, 'Odd/Even:'],
    ];
    for (const [page, query, heading] of launches) {
      // Each launch has its own token: its game and id (docs/decisions/141).
      const token = await launchTokenFor(t.app, session, page, new URLSearchParams(query).get('id') ?? undefined);
      const response = await t.app.inject({ url: `/games/${page}?accesstoken=${encodeURIComponent(token)}&${query}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(heading);
      expect(response.body).toContain(`${game.Team1.Acronym} vs ${game.Team2.Acronym} · Not started`);
      expect(response.body).toContain('<form id="bet-form"');
      expect(response.body).toContain(`/bet/game/${new URLSearchParams(query).get('id') ?? ''}`);
      const nonce = /script-src 'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      expect(response.body).toContain(`<script nonce="${nonce ?? ''}">`);
    }
    const overtimeToken = await launchTokenFor(t.app, session, 'ending', game.Ending._id);
    const overtime = await t.app.inject({ url: `/games/ending?accesstoken=${encodeURIComponent(overtimeToken)}&id=${game.Ending._id}&type=105` });
    expect(overtime.body).toContain('<input type="hidden" name="quarter" value="5">');
  });

  it('shows no form for a wrong id or without a valid token', async () => {
    const session = await t.login('demoplayer', 'suwerte123');
    const game = await createTestGame(t);
    const wrongPage = await t.app.inject({ url: `/games/ftts?accesstoken=${encodeURIComponent(await launchTokenFor(t.app, session, 'ftts', game.Ending._id))}&id=${game.Ending._id}` });
    expect(wrongPage.body).toContain('No basketball game with this id.');
    const junk = await t.app.inject({ url: `/games/oddeven?accesstoken=${encodeURIComponent(await launchTokenFor(t.app, session, 'oddeven', '<b>'))}&id=%3Cb%3E` });
    expect(junk.body).toContain('No basketball game with this id.');
    // The launch named another id: this page is not its launch.
    const otherId = await t.app.inject({ url: `/games/ftts?accesstoken=${encodeURIComponent(await launchTokenFor(t.app, session, 'ftts', game.FTTS?._id))}&id=${game.Ending._id}` });
    expect(otherId.statusCode).toBe(401);
    const forged = await t.app.inject({ url: `/games/ending?accesstoken=forged&id=${game.Ending._id}&type=101` });
    expect(forged.statusCode).toBe(401);
    expect(forged.body).not.toContain('bet-form');
  });
});
