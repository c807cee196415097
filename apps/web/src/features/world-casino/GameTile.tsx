import type { WorldCasinoGame } from '@backlay/contract';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';

/** What the play screen gets from the tile: the name to show while the game launches, and the lobby to go back to. */
export type PlayState = { name: string; provider: string; lobby: string };

/**
 * A game's tile: its picture (the provider's), name and provider; the whole tile opens the game.
 * A missing or broken picture gives way to the game's initials on its category's colour.
 */
export function GameTile({ game }: { game: WorldCasinoGame }) {
  const location = useLocation();
  const [broken, setBroken] = useState(false);
  const state: PlayState = {
    name: game.name,
    provider: game.provider_name,
    lobby: `${location.pathname}${location.search}`,
  };
  const picture = game.thumbnail_url && !broken;
  return (
    <li className="wc-tile" data-testid="game-tile">
      <div className={`wc-tile__thumb wc-tile__thumb--${game.category.toLowerCase()}`}>
        {picture ? (
          <img
            src={game.thumbnail_url!}
            alt=""
            loading="lazy"
            decoding="async"
            width={320}
            height={200}
            onError={() => setBroken(true)}
          />
        ) : (
          <span className="wc-tile__initials" aria-hidden="true" data-testid="tile-fallback">
            {initials(game.name)}
          </span>
        )}
      </div>
      <div className="wc-tile__text">
        <h2 className="wc-tile__name">
          <Link className="wc-tile__link" to={`/world-casino/play/${game.game_id}`} state={state}>
            {game.name}
          </Link>
        </h2>
        <span className="wc-tile__provider">{game.provider_name}</span>
      </div>
    </li>
  );
}

/** Up to two initials of a game's name ("Lucky Sevens Deluxe" → "LS"). */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w].find((c) => /\p{L}|\p{N}/u.test(c))!.toUpperCase())
    .join('');
}
