/** The feed feature's public face: the feed section of /main (meme of the day, pages, bets). */
export { FeedSection } from './FeedSection';
