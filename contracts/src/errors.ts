/** Every error body the API sends: a human-readable `detail`, sometimes more. */
export interface ErrorBody {
  detail: string;
  hint?: string;
  /** A stable name of the error for the client to translate (it falls back to `detail`). */
  code?: string;
  /** Seconds until the action may be retried (429, and a 503 of a dependency that is away). */
  retryAfter?: number;
  /** When the next swipe refills (400 "No swipes left"). */
  nextRefillAt?: string | null;
  /** When a ban ends (403 BANNED); null while it has no end. */
  until?: string | null;
}

/** Stable `code`s of error bodies the client branches on. */
export const ErrorCode = {
  banned: 'BANNED',
  faceConsentRequired: 'FACE_CONSENT_REQUIRED',
  alreadyReported: 'ALREADY_REPORTED',
  adminNotBannable: 'ADMIN_NOT_BANNABLE',
  // The operator console's refusals (issue 26).
  templateInUse: 'TEMPLATE_IN_USE',
  balanceBelowZero: 'BALANCE_BELOW_ZERO',
  grantKeyUsed: 'GRANT_KEY_USED',
  adminFromConfig: 'ADMIN_FROM_CONFIG',
  ownAdmin: 'OWN_ADMIN',
  orderNotRefundable: 'ORDER_NOT_REFUNDABLE',
  telegramRefused: 'TELEGRAM_REFUSED',
  alreadySettled: 'ALREADY_SETTLED',
  dayNotEnded: 'DAY_NOT_ENDED',
  /** `PATCH /v1/users/me/`: gender is none of male, female, transgender or null. */
  invalidGender: 'INVALID_GENDER',
  // An animated template's upload (issue 24).
  animationTooLong: 'ANIMATION_TOO_LONG',
  animationTooLarge: 'ANIMATION_TOO_LARGE',
  animationUnreadable: 'ANIMATION_UNREADABLE',
} as const;

/**
 * Texts the server sends in `detail` (and `hint`) that the client and tests recognise.
 * Quoted verbatim from docs/SPEC.md / GAME.md.
 */
export const ErrorText = {
  refreshTokens: 'Refresh your tokens and try again.',
  requestLimitExceeded: 'Request limit exceeded',
  generationsInProgress: 'Wait for your generations in progress to finish',
  requestLimitHint: 'Generation can be started once every 30 minutes',
  paymentRequired: 'Payment required',
  paymentRequiredHint: 'You need to top up your credits to continue',
  notEnoughCoins: 'You have not enough MemeMint coins',
  outOfCredits: 'You have run out of credits :(',
  noFace: "There's no face on your photo",
  faceTooSmallInTarget:
    'The face in this picture is too small to swap: choose a larger face or another picture',
  noSuchFace: 'This picture has no such face: choose one of its faces',
  faceChoice: 'faces must be "all", "largest" or a JSON array of face indices',
  noTargetFace: "There's no face on the picture you chose",
  imageUpload: 'Error of image uploading',
  generationTimeout: 'Your meme took too long to make, so it was cancelled: your credit is back',
  onlyJpeg: 'Only JPG/JPEG images are supported',
  nsfwImage: 'This image looks like nudity or sexual content, which MemeMint does not accept',
  inReview: 'This meme is waiting for a moderator’s review and cannot be published yet',
  imageTooLarge: 'The image is too large: at most 10 MB and 40 megapixels',
  facePhotoRequired: 'Upload a photo of your face first',
  originalText: 'You must use original text for meme',
  captionUnavailable: 'The caption cannot be changed right now, please try again later',
  selectSticker: 'Select at least one sticker',
  promoTooShort: 'Promo code must have at least 6 characters',
  telegramUnavailable: 'Telegram is unavailable, try again later',
  serviceUnavailable: 'The service is unavailable right now, please try again in a moment',
  promoNotFound: 'Promo code not found',
  promoExhausted: 'This promo code has been used up',
  promoAlreadyUsed: 'You have already used this promo code',
  promoOwnCode: 'You cannot use your own promo code',
  promoInfluencersOnly: 'Only influencers can create promo codes',
  squadNotFound: 'Squad not found',
  notInSquad: 'You are not in a squad',
  squadSwitchCooldown: 'You have switched squads recently',
  influencerStaysInSquad: 'An influencer stays in their own squad',
  squadInfluencerOnly: 'Only the squad’s influencer can change it',
  memeNotFound: 'Meme not found',
  notFound: 'Not found',
  generationNotFound: 'Generation not found',
  templateNotFound: 'Template not found',
  taskNotFound: 'Task not found',
  planNotFound: 'Plan not found',
  noOrdersYet: 'No orders yet',
  templateOrMeme: 'Give either templateId or memeId',
  rateFinishedOnly: 'Only a finished generation can be rated',
  generationUnavailable: 'Generation is unavailable right now, please try again later',
  faceAnalysisUnavailable: 'The face analysis is unavailable right now, please try again later',
  faceCheckUnavailable: 'The face check is unavailable right now, please try again later',
  ownMemesOnlyStickers: 'Only your own memes can become stickers',
  walletLinkedElsewhere: 'This wallet is linked to another player',
  noSwipesLeft: 'No swipes left',
  alreadySwiped: 'You have already swiped this meme',
  ownMemeSwipe: 'You cannot swipe your own meme',
  ownMemeVote: 'You cannot vote for your own meme',
  alreadyVoted: 'You have already voted for this meme',
  votingClosed: 'Voting for this meme has closed',
  stakedMemeUnpublish: 'A meme with stakes cannot be unpublished until its day is settled',
  noGift: 'No gift to open',
  notSettled: 'That day has not been settled',
  banned: 'Your account is banned',
  faceConsentRequired:
    'Agree to the face photo note first: use your own face, or one you have permission to use',
  alreadyReported: 'You have already reported this meme',
  ownMemeReport: 'You cannot report your own meme',
  onlyAdmins: 'Only admins can do this',
  adminNotBannable: 'An admin cannot be banned',
  userNotFound: 'User not found',
  notBanned: 'This player is not banned',
  animationTooLong: 'The animation is too long',
  animationTooLarge: 'The animation is too large: at most 4096 px on a side',
  animationUnreadable: 'Only JPEG photos, animated GIFs, MP4 (H.264) and WEBM clips are accepted',
  animationNoFace: 'No face was found in the animation',
  animationAnalysisFailed: 'The animation could not be analysed',
} as const;
