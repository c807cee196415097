import { displayDay } from '@backlay/ui/time';
import { useParams } from 'react-router';
import { GameDetailsScreen } from '../GameDetailsScreen.tsx';
import { useRaceCard } from './api/race-card.ts';
import { MeetingTabs } from './MeetingTabs.tsx';

/**
 * horse-racing/{matchId}/{date}: the day's meetings with their race times as tabs, above the same
 * race card game-details shows (racing registers it in the sport-panel registry).
 */
export function HorseRacingScreen() {
  const params = useParams();
  const matchId = Number(params.matchId);
  const valid = Number.isInteger(matchId) && matchId > 0;
  const card = useRaceCard(matchId, valid);
  const date = params.date ?? displayDay();
  return (
    <div className="race-day">
      {card.data ? <MeetingTabs card={card.data} date={date} /> : null}
      {/* A new race is a new screen: the slip of the last one does not follow. */}
      <GameDetailsScreen key={matchId} />
    </div>
  );
}
