/** Types the pipeline stages share. Pixels are interleaved RGB, row-major, top row first. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A BlazeFace detection in image pixels. */
export interface DetectedFace {
  box: Box;
  score: number;
  /**
   * The six BlazeFace keypoints in image pixels: subject's right eye (image left), left eye,
   * nose tip, mouth centre, right ear, left ear.
   */
  keypoints: Point[];
}

/** The MediaPipe face mesh of one face, in image pixels. */
export interface FaceMesh {
  /** 468 × (x, y, z), x and y in image pixels, z in the same scale relative to the face. */
  points: Float32Array;
  /** The mesh model's face confidence, 0..1 (below 0.2 means no face). */
  faceScore: number;
}
