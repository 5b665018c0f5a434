// The external game sites' launch, one mechanism for lotto, sports and the slot machine
// (docs/decisions/076): the URL with a token of that one launch (docs/decisions/141) and the game's
// parameters, and the page that sends the browser there.
export { gameLaunchUrl, launchUrlFor } from './game-launch';
export { GameLaunch, LAUNCH_FAILED_TEXT, UnknownGame, type GameLaunchProps, type UnknownGameProps } from './GameLaunch';
export { leaveSiteFor } from './leave-site';
