/**
 * The parts of Telegram's SDK the app uses, as one module ./sdk loads after the first screen (a
 * dynamic import of the package itself would keep all of it).
 */
export {
  backButton,
  downloadFile,
  hapticFeedback,
  init,
  invoice,
  miniApp,
  openTelegramLink,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
