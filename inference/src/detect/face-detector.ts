import ort from 'onnxruntime-node';

import { buildPyramid, sampleSquareToTensor, type ImagePyramid } from '../image/pyramid.js';
import { ensureModels, modelPaths } from '../models/model-paths.js';
import { getSession, type SessionOptions } from '../models/onnx-session.js';
import type { DetectedFace, RgbImage } from '../types.js';
import { decodeBlazeFace, weightedNms, type InputFrame } from './blazeface.js';

export interface DetectOptions {
  /**
   * Also search overlapping tiles so that faces down to ~40 px are found in large photos. Without it only the
   * whole frame is searched (faces above ~8% of the longest side), and tiles only when that finds nothing.
   */
  exhaustive?: boolean;
}

interface DetectorModel {
  path: string;
  size: number;
  threshold: number;
}

/** Thresholds as MediaPipe uses them. */
const FRONT: DetectorModel = { path: modelPaths.blazefaceFront, size: 128, threshold: 0.75 };
const BACK: DetectorModel = { path: modelPaths.blazefaceBack, size: 256, threshold: 0.65 };

/**
 * Tiling: the back model finds faces from ~20 px of its 256 px input. A tile of side T therefore covers faces
 * from T·20/256 up to T/4 (larger ones may be cut by the tile's edge; tiles overlap by T/4 so a face of that
 * size lies whole in the tile holding its centre). Levels of tiles T = 512, 1024, … are added until they meet
 * what the whole frame finds, so that a 40 px face is found in a large photo.
 */
const SMALLEST_TILE = 512;
const MIN_FACE_IN_INPUT = 20;
/** A merged detection below this score is dropped (animal faces reach ~0.72 on the back model). */
const MIN_SCORE = 0.75;

async function runModel(
  model: DetectorModel,
  pyramid: ImagePyramid,
  frame: InputFrame,
  options: SessionOptions,
  keep?: (cx: number, cy: number) => boolean,
): Promise<DetectedFace[]> {
  const session = await getSession(model.path, options);
  const input = new Float32Array(model.size * model.size * 3);
  sampleSquareToTensor(pyramid, frame, model.size, input);
  const out = await session.run({
    'input:0': new ort.Tensor('float32', input, [1, model.size, model.size, 3]),
  });
  return decodeBlazeFace(
    {
      scores16: out['Identity:0'].data as Float32Array,
      scores8: out['Identity_1:0'].data as Float32Array,
      boxes16: out['Identity_2:0'].data as Float32Array,
      boxes8: out['Identity_3:0'].data as Float32Array,
    },
    model.size,
    frame,
    model.threshold,
    keep,
  );
}

/** The whole image letterboxed into a centred square. */
function wholeFrame(image: RgbImage): InputFrame {
  const side = Math.max(image.width, image.height);
  return { x: (image.width - side) / 2, y: (image.height - side) / 2, side };
}

/** Tile origins along one axis: `tile` wide, overlapping by at least `overlap`, the last flush with the edge. */
function tileStarts(length: number, tile: number, overlap: number): number[] {
  const count = Math.ceil((length - overlap) / (tile - overlap));
  if (count <= 1) return [0];
  const step = (length - tile) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(i * step));
}

/** Tile sides needed for an image whose longest side is `longest`; none for small images. */
export function tileLevels(longest: number): number[] {
  const wholeFrameMin = (longest * MIN_FACE_IN_INPUT) / BACK.size;
  const levels: number[] = [];
  for (let tile = SMALLEST_TILE; tile < longest; tile *= 2) {
    levels.push(tile);
    // This level reaches faces up to tile/4: enough once that is comfortably above the whole frame's minimum.
    if (tile / 4 >= wholeFrameMin * 1.25) break;
  }
  return levels;
}

async function detectOnTiles(
  image: RgbImage,
  pyramid: ImagePyramid,
  tile: number,
  options: SessionOptions,
): Promise<DetectedFace[]> {
  const overlap = tile / 4;
  const xs = tileStarts(image.width, tile, overlap);
  const ys = tileStarts(image.height, tile, overlap);
  const faces: DetectedFace[] = [];
  for (let j = 0; j < ys.length; j++) {
    for (let i = 0; i < xs.length; i++) {
      // Each face belongs to the one tile whose core (the tile less half the overlap on inner sides) holds
      // its centre: a face cut by a tile's edge is then reported by the neighbour that holds it whole.
      const left = i === 0 ? -Infinity : xs[i] + overlap / 2;
      const right = i === xs.length - 1 ? Infinity : xs[i] + tile - overlap / 2;
      const top = j === 0 ? -Infinity : ys[j] + overlap / 2;
      const bottom = j === ys.length - 1 ? Infinity : ys[j] + tile - overlap / 2;
      const keep = (cx: number, cy: number) => cx >= left && cx < right && cy >= top && cy < bottom;
      const found = await runModel(BACK, pyramid, { x: xs[i], y: ys[j], side: tile }, options, keep);
      faces.push(...found.filter((face) => face.box.width <= overlap));
    }
  }
  return faces;
}

/**
 * BlazeFace detection over the whole frame (front and back models) and, for large photos, on tiles. Boxes
 * follow the labelling convention (hairline to chin, see `toLabelBox`), best score first.
 */
export async function locateFaces(
  image: RgbImage,
  sessionOptions: SessionOptions,
  options: DetectOptions = {},
): Promise<DetectedFace[]> {
  if (image.width < 32 || image.height < 32) return [];
  await ensureModels();
  const pyramid = buildPyramid(image, BACK.size);
  const frame = wholeFrame(image);
  const candidates = [
    ...(await runModel(BACK, pyramid, frame, sessionOptions)),
    ...(await runModel(FRONT, pyramid, frame, sessionOptions)),
  ];
  const confident = () => weightedNms(candidates).filter((face) => face.score >= MIN_SCORE);
  let found = confident();
  if (options.exhaustive || found.length === 0) {
    for (const tile of tileLevels(Math.max(image.width, image.height))) {
      candidates.push(...(await detectOnTiles(image, pyramid, tile, sessionOptions)));
    }
    found = confident();
  }
  return found.map(toLabelBox);
}

/**
 * BlazeFace's box is square and starts around the brows; our reported boxes follow the labelling convention
 * (hairline to chin, cheek to cheek). The offsets, in units of the detector box side, are the medians over the
 * labelled test photos: the top moves up by 16% of the side, the sides barely move.
 */
const TO_LABEL_BOX = { left: 0.03, top: -0.16, right: 0.01, bottom: 0 };

function toLabelBox(face: DetectedFace): DetectedFace {
  const { x, y, width, height } = face.box;
  const side = width;
  const left = x + TO_LABEL_BOX.left * side;
  const top = y + TO_LABEL_BOX.top * side;
  const right = x + width + TO_LABEL_BOX.right * side;
  const bottom = y + height + TO_LABEL_BOX.bottom * side;
  return { ...face, box: { x: left, y: top, width: right - left, height: bottom - top } };
}
