/**
 * The game (issues 9 and 10) in a phone browser against the real stack: swiping, betting in the feed,
 * the live leaderboard, squads and promo codes. One run of its scenario files (`e2e/game/*.ts`) on one
 * stack of its own (see game/helpers.ts); a scenario file also runs alone
 * (`node --import tsx --test e2e/game/deck.ts`), starting its own.
 */
import './game/deck.js';
import './game/feed-social.js';
