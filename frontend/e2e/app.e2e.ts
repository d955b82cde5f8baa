/**
 * The mini app in a phone browser against the real backend: one run of every feature's scenarios
 * (`e2e/app/*.ts`) on one stack and one browser, since starting the stack is the slow part. A
 * feature file also runs alone (`node --import tsx --test e2e/app/stickers.ts`), starting its own.
 */
import './app/session.js';
import './app/first-screen.js';
import './app/serving.js';
import './app/screens.js';
import './app/payments.js';
import './app/quests.js';
import './app/create-meme.js';
import './app/create-meme-refusals.js';
import './app/stickers.js';
import './app/airdrop.js';
import './app/ton-connect.js';
import './app/sharing.js';
import './app/trust.js';
import './app/animations.js';
import './app/admin-console.js';
