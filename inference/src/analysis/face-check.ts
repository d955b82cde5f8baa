import {
  FACE_CHECK_TEXT,
  type FaceCheck,
  type FaceCheckCode,
  type FaceNotice,
  type FaceQuality,
} from '@mememint/contracts';

import type { FaceCheckThresholds } from '../config.js';

/** Other faces count as "several faces" from this fraction of the largest one's width (not the crowd behind). */
const OTHER_FACE_SHARE = 0.5;

/**
 * The face check of a face photo: its faces (largest first, as analysed) judged by the thresholds. The
 * largest face is used; it passes, or the first failing measure gives the refusal with its advice.
 */
export function checkFace(
  faces: readonly { quality: FaceQuality }[],
  limits: FaceCheckThresholds,
): FaceCheck {
  const notices: FaceNotice[] = [];
  const notice = (code: FaceNotice['code']) => notices.push({ code, detail: FACE_CHECK_TEXT[code] });
  const refuse = (code: FaceCheckCode): FaceCheck => ({
    passed: false,
    code,
    detail: FACE_CHECK_TEXT[code],
    notices,
  });
  if (faces.length === 0) return refuse('NO_FACE');
  const { quality } = faces[0];
  if (faces.slice(1).some((face) => face.quality.width >= OTHER_FACE_SHARE * quality.width))
    notice('MULTIPLE_FACES');
  if (quality.width < limits.minWidth) return refuse('FACE_TOO_SMALL');
  if (Math.abs(quality.yaw) > limits.maxYaw) return refuse('FACE_TURNED');
  // Dark before blurred: a dark photo is also low in detail.
  if (quality.brightness < limits.minBrightness) return refuse('FACE_TOO_DARK');
  if (quality.sharpness < limits.minSharpness) return refuse('FACE_BLURRED');
  if (quality.glasses >= limits.glassesEvidence) notice('GLASSES');
  return { passed: true, face: 0, notices };
}

/** A template needs a face (any size: its faces are chosen, and the smallest are refused at swap time). */
export function checkTemplate(faces: readonly unknown[]): FaceCheck {
  return faces.length > 0
    ? { passed: true, face: 0, notices: [] }
    : { passed: false, code: 'NO_FACE', detail: FACE_CHECK_TEXT.NO_FACE, notices: [] };
}
