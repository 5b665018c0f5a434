/** The external game sites the launch routes redirect to (`<gameSite>/<game>?accesstoken=…`). */
export const EXTERNAL_GAMES = [
  'pick3',
  'pick12',
  'megamillion',
  'ez2',
  'weteng',
  'slotmachine',
  'ending',
  'endingwq',
  'teambetting',
  'ftts',
  'oddeven',
] as const;
export type ExternalGame = (typeof EXTERNAL_GAMES)[number];
