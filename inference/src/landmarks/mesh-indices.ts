/**
 * Indices into the 468-point MediaPipe face mesh. "Left" and "right" are the subject's: the subject's right
 * eye is on the image left of a frontal face.
 */

export const MESH_POINT_COUNT = 468;

/** The face outline, clockwise from the top of the forehead. */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149,
  150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
] as const;

/** Cheek points of the face oval (subject's right, left): their distance is the face width. */
export const CHEEKS = [234, 454] as const;

/** Eye corners: outer and inner. */
export const RIGHT_EYE_CORNERS = [33, 133] as const;
export const LEFT_EYE_CORNERS = [362, 263] as const;

/** Eye outlines (upper and lower lid). */
export const RIGHT_EYE = [
  33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7,
] as const;
export const LEFT_EYE = [
  263, 466, 388, 387, 386, 385, 384, 398, 362, 382, 381, 380, 374, 373, 390, 249,
] as const;

/** Upper brow lines, outer to inner. */
export const RIGHT_BROW = [70, 63, 105, 66, 107] as const;
export const LEFT_BROW = [300, 293, 334, 296, 336] as const;

/** Whole brows: the upper line outer to inner, then the lower line inner to outer. */
export const RIGHT_BROW_OUTLINE = [70, 63, 105, 66, 107, 55, 65, 52, 53, 46] as const;
export const LEFT_BROW_OUTLINE = [300, 293, 334, 296, 336, 285, 295, 282, 283, 276] as const;

/** Mouth corners (subject's right, left) and the outer lip outline. */
export const MOUTH_CORNERS = [61, 291] as const;
export const LIPS_OUTER = [
  61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146,
] as const;

/** The inner lip outline (the mouth's opening). */
export const LIPS_INNER = [
  78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95,
] as const;

export const NOSE_TIP = 1;
export const CHIN = 152;
export const FOREHEAD_TOP = 10;
