import { hydrateRoot } from 'react-dom/client';
import { IslandIntl, loadIslandLanguage } from '../island-language.tsx';
import { defineIsland } from '../islands.ts';
import { TicTacToe } from './tic-tac-toe.tsx';

/**
 * The game's island (decision 062): React, the game and its texts, fetched when a visitor reaches for the
 * difficulty selection (public/islands.ts) and hydrated in place; a level chosen before it is live is chosen
 * again once it is.
 */
defineIsland('game', async (root) => {
  const language = await loadIslandLanguage(['game']);
  await new Promise<void>((resolve) => {
    hydrateRoot(
      root,
      <IslandIntl language={language}>
        <TicTacToe onLive={resolve} />
      </IslandIntl>,
    );
  });
});
