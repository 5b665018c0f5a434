import { JackpotBettingPage } from './JackpotBettingPage';

/** `/Basketball/Grandjackpot/{id}` */
export function GrandJackpotPage() {
  return <JackpotBettingPage kind="grand" />;
}

/** `/Basketball/Major/{id}` */
export function MajorJackpotPage() {
  return <JackpotBettingPage kind="major" />;
}

/** `/Basketball/Minor/{id}` */
export function MinorJackpotPage() {
  return <JackpotBettingPage kind="minor" />;
}
