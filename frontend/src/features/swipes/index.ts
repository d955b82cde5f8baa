/** The swipes feature's public face: the deck of /main. */
export { SwipeDeck } from './SwipeDeck';
