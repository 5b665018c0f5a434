// The external game sites' launch, one mechanism for lotto, sports and the slot machine
// (docs/decisions/076): the URL with the player's token and the game's parameters, and the page that
// sends the browser there.
export { gameLaunchUrl } from './game-launch';
export { GameLaunch, UnknownGame, type GameLaunchProps, type UnknownGameProps } from './GameLaunch';
export { leaveSiteFor } from './leave-site';
