/** The referrals feature's public face: the invite page's link, counters and friends. */
export { Referrals } from './Referrals';
