import kareraArt from './art/video-karera.svg';
import kenoArt from './art/lucky-keno.svg';

/** A game tile (document 2, section 3): id, title, img, link, desc. */
export interface GameTile {
  id: string;
  title: string;
  img: string;
  link: string;
  desc: string;
  /** Opens in a new tab for a signed-in player. */
  newTab?: boolean;
}

/** Document 1, section 1: the e-games hub lists two games. */
export const E_GAMES: GameTile[] = [
  {
    id: 'video-karera',
    title: 'Video Karera',
    img: kareraArt,
    link: '/VideoKarera',
    desc: 'A fast head-to-head race: two horses, one winner. Pick Uno or Dos.',
  },
  {
    id: 'lucky-keno',
    title: 'Lucky Keno',
    img: kenoArt,
    // Lucky Keno launches through /SlotMachineRoute in a new tab (with the access token only, decision 191).
    link: '/SlotMachineRoute',
    newTab: true,
    desc: 'Choose your numbers and watch the random draw.',
  },
];
