// Test seams: jsdom cannot leave the site, so tests record where a launch would go (see
// captureGameLaunches in @suwerte/shared/testing; the test setup puts the real redirect back).
export { replaceLeaveSite, restoreLeaveSite } from './launch/leave-site';
