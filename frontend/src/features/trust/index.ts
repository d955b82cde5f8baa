/** Trust and safety in the mini app (issue 25): AI marks, reports, consent, the banned screen, deletion. */
export { AccountActions } from './AccountActions';
export { AiBadge, AiMark, CardMarks } from './AiMark';
export { BanGate, BannedScreen } from './BannedScreen';
export { FaceConsentGate } from './FaceConsentGate';
export { ACCOUNT_DELETED_PATH, PRIVACY_PATH } from './paths';
export { ReportButton } from './ReportButton';
export { shareMessage } from './share-message';
