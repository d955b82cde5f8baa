/** The balance feature's public face: how coins, swipes and credits are shown and counted. */
export { BalanceSheet } from './BalanceSheet';
export { useAnimatedCoins } from './coin-animation';
export { formatCoins, formatNumber, isLimitReached, swipeBar } from './format';
