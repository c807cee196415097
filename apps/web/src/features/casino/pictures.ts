// The lobby's picture of each in-house table (pictures/<game_id>.svg, drawn for Backlay). Each is
// its own file, never inlined in the script (`?no-inline`), and the tile loads it lazily: nothing
// here reaches the login or home screens' first load. A table without a picture shows none.
const PICTURES = import.meta.glob<string>('./pictures/*.svg', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

/** The URL of a game's lobby picture, if it has one. */
export function pictureFor(gameId: string): string | undefined {
  return PICTURES[`./pictures/${gameId}.svg`];
}
