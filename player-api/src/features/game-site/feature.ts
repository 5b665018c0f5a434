import { randomBytes } from 'node:crypto';
import { EXTERNAL_GAME_TITLES } from './games';
import { isSportsPage, sportsSection } from './sports-form';
import { escapeHtml } from '../../lib/html';
import type { Feature } from '../../context';
import { authEndpoints } from '@suwerte/contracts';
import { PLAYER_ROLE } from '../../db/users';
import { activeAccount, currentSessionId } from '../../lib/auth';
import { registerEndpoint } from '../../lib/endpoints';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#0c0e15;color:#d5d9e0;display:grid;place-items:center;min-height:100vh}
main{max-width:560px;padding:24px;margin:16px;border:1px solid #454c5e;border-radius:16px;background:#181c27}
h1{color:#f5b301;margin-top:0}dt{color:#9ba2b2;margin-top:8px}dd{margin:0;word-break:break-all;font-family:ui-monospace,monospace}
.ok{color:#69db7c}.bad{color:#ff8787}
form{display:grid;gap:10px;margin-top:12px}label{display:grid;gap:4px}select,input,button{font:inherit;padding:8px;border-radius:8px;border:1px solid #454c5e;background:#0c0e15;color:inherit}
button{background:#f5b301;color:#0c0e15;font-weight:700;cursor:pointer}button:disabled{opacity:.6}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * Game launches (docs/decisions/141). `POST /game/launch` (every mode) hands a launch route a
 * short-lived token for that one game instead of the session's own token: it names the player to
 * the game site, and no route of the site's own API takes it (only the game site's bets on that
 * game's id, `/bet/game/:id`).
 *
 * The stand-in for the external game sites the launch routes redirect to, in demo mode only: it
 * checks the launch token it was given and shows the game and every parameter that arrived, so
 * the site can be tested end to end on one machine. Production launches real game sites.
 */
export const gameSiteFeature: Feature = {
  name: 'game-site',
  register(app, ctx) {
    registerEndpoint(app, ctx, authEndpoints.gameLaunch, async ({ user, body, request }) => ({
      accesstoken: await ctx.tokens.signLaunch(
        { id: user.id, username: user.username, role: user.role, tokenVersion: user.token_version, sessionId: currentSessionId(request) },
        { game: body.game, gameId: body.id },
      ),
    }));
    if (ctx.mode !== 'demo') return;
    app.get<{ Params: { game: string }; Querystring: Record<string, string | undefined> }>('/games/:game', async (request, reply) => {
      const game = request.params.game;
      const title = EXTERNAL_GAME_TITLES.get(game);
      if (!title) return reply.code(404).type('text/html; charset=utf-8').send(page('Unknown game', `<h1>Unknown game</h1><p>No game called “${escapeHtml(game)}”.</p>`));
      const params = Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      const token = request.query.accesstoken ?? '';
      // A launch token of this game (and of this id, when the launch named one), of an open
      // session of a player: the session's own token, or another game's launch, opens nothing.
      const player = await ctx.tokens.verifyLaunch(token).then(
        async (launch) => {
          if (launch.game !== game || (launch.gameId !== undefined && launch.gameId !== request.query.id)) return null;
          const user = await activeAccount(ctx.sessionCheck, launch);
          return user?.role === PLAYER_ROLE ? user.username : null;
        },
        () => null,
      );
      const rows = params
        .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd data-param="${escapeHtml(name)}">${escapeHtml(value)}</dd>`)
        .join('');
      const status = player
        ? `<p class="ok" data-testid="token-status">Valid session: playing as <strong>${escapeHtml(player)}</strong></p>`
        : `<p class="bad" data-testid="token-status">Invalid or expired access token</p>`;
      // Basketball pages also take a bet (the player's own token, posted by a nonce'd script).
      const nonce = randomBytes(16).toString('base64');
      const sports = player && isSportsPage(game) ? await sportsSection({ q: ctx.store.db, game, query: request.query, token, publicUrl: ctx.publicUrl, nonce }) : '';
      const connect = new URL(ctx.publicUrl).origin;
      return reply
        .code(player ? 200 : 401)
        .header(
          'Content-Security-Policy',
          `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self' ${connect}; frame-ancestors 'none'; form-action 'none'`,
        )
        .type('text/html; charset=utf-8')
        .send(page(title, `<h1>${escapeHtml(title)}</h1><p>External game site (local stand-in)</p>${status}<dl>${rows}</dl>${sports}`));
    });
  },
};
