import { hydrateIslandRoot } from '../island-language.tsx';
import { defineIsland } from '../islands.ts';
import { TicTacToe } from './tic-tac-toe.tsx';

/**
 * The game's island (decision 062): React, the game and its texts, fetched when a visitor reaches for the
 * difficulty selection (public/islands.ts) and hydrated in place; a level chosen before it is live is chosen
 * again once it is.
 */
defineIsland('game', (root) => hydrateIslandRoot(root, ['game'], (onLive) => <TicTacToe onLive={onLive} />));
