/**
 * Proves our TF.js → ONNX conversion: the same input through pure-JS TensorFlow.js (the models' own
 * runtime) and through ONNX Runtime gives the same outputs.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, it } from 'node:test';

import * as tf from '@tensorflow/tfjs';
import ort from 'onnxruntime-node';

import { humanModelJson } from '../../tools/tfjs-graph.js';
import { decodePhoto } from '../../test/labelled-photos.js';
import { sampleAlignedCrop } from '../landmarks/aligned-crop.js';
import { detectionCrop, MESH_INPUT_SIZE } from '../landmarks/face-mesh.js';
import type { DetectedFace } from '../types.js';
import { ensureModels, modelPaths } from './model-paths.js';
import { getSession } from './onnx-session.js';

const session = { device: 'cpu', intraOpThreads: 2 } as const;

async function loadTfjs(name: 'facemesh' | 'faceres'): Promise<tf.GraphModel> {
  const jsonPath = humanModelJson(name);
  const json = JSON.parse(await readFile(jsonPath, 'utf8'));
  const weightSpecs = json.weightsManifest.flatMap((group: { weights: unknown[] }) => group.weights);
  const parts = await Promise.all(
    json.weightsManifest.flatMap((group: { paths: string[] }) =>
      group.paths.map((file) => readFile(path.join(path.dirname(jsonPath), file))),
    ),
  );
  const bytes = Buffer.concat(parts);
  const weightData = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs,
      weightData,
      signature: json.signature,
    }),
  );
}

async function runTfjs(model: tf.GraphModel, input: Float32Array, size: number, outputs: string[]) {
  const tensor = tf.tensor4d(input, [1, size, size, 3]);
  const results = model.execute(tensor, outputs) as tf.Tensor[];
  const data = await Promise.all(results.map((result) => result.data() as Promise<Float32Array>));
  tf.dispose([tensor, ...results]);
  return data;
}

async function runOnnx(file: string, input: Float32Array, size: number, outputs: string[]) {
  const onnx = await getSession(file, session);
  const results = await onnx.run({ input_1: new ort.Tensor('float32', input, [1, size, size, 3]) });
  return outputs.map((name) => results[name].data as Float32Array);
}

function maxAbsDifference(a: Float32Array, b: Float32Array): number {
  assert.equal(a.length, b.length);
  return a.reduce((max, value, i) => Math.max(max, Math.abs(value - b[i])), 0);
}

/** A real face crop as the landmark stage makes it, seeded from the labelled box and eyes of portrait-07. */
async function faceCrop(size: number, scale: number): Promise<Float32Array> {
  const image = await decodePhoto('portrait-07.jpg');
  const face: DetectedFace = {
    box: { x: 274, y: 318, width: 447, height: 532 },
    score: 1,
    keypoints: [
      { x: 403, y: 536 },
      { x: 590, y: 545 },
    ],
  };
  const input = new Float32Array(size * size * 3);
  sampleAlignedCrop(image, detectionCrop(face), size, input, 0, scale);
  return input;
}

describe('converted models', { concurrency: 1 }, () => {
  before(async () => {
    await ensureModels();
    await tf.setBackend('cpu');
  });

  describe('facemesh', () => {
    // TF.js tensor names; our ONNX outputs carry the same names without ":0".
    const tfjsOutputs = ['Identity_2:0', 'Identity_1:0'];
    const onnxOutputs = ['Identity_2', 'Identity_1'];
    let model: tf.GraphModel;
    before(async () => {
      model = await loadTfjs('facemesh');
    });

    it('gives the landmarks TF.js gives on a real face, within 1e-3 of the crop size', async (t) => {
      const input = await faceCrop(MESH_INPUT_SIZE, 1 / 255);
      const [tfMesh, tfFlag] = await runTfjs(model, input, MESH_INPUT_SIZE, tfjsOutputs);
      const [onnxMesh, onnxFlag] = await runOnnx(modelPaths.facemesh, input, MESH_INPUT_SIZE, onnxOutputs);
      assert.equal(onnxMesh.length, 1404);
      const difference = maxAbsDifference(tfMesh, onnxMesh);
      t.diagnostic(`max landmark difference ${difference.toExponential(2)} px`);
      assert.ok(difference < 1e-3 * MESH_INPUT_SIZE);
      assert.ok(Math.abs(tfFlag[0] - onnxFlag[0]) < 1e-4);
      assert.ok(onnxFlag[0] > 0.9, `face flag ${onnxFlag[0]} on a face`);
    });

    it('gives the known values on an all-zero input', async () => {
      const input = new Float32Array(MESH_INPUT_SIZE * MESH_INPUT_SIZE * 3);
      const [tfMesh] = await runTfjs(model, input, MESH_INPUT_SIZE, tfjsOutputs);
      const [onnxMesh, onnxFlag] = await runOnnx(modelPaths.facemesh, input, MESH_INPUT_SIZE, onnxOutputs);
      const known = [94.66862, 117.86108, -10.49369];
      known.forEach((value, i) => {
        assert.ok(Math.abs(onnxMesh[i] - value) < 1e-3, `mesh[${i}] = ${onnxMesh[i]}, expected ${value}`);
        assert.ok(Math.abs(tfMesh[i] - value) < 1e-3, `TF.js mesh[${i}] = ${tfMesh[i]}, expected ${value}`);
      });
      assert.ok(Math.abs(onnxFlag[0] - 0.00028) < 1e-5, `face flag ${onnxFlag[0]}`);
    });
  });

  describe('faceres', () => {
    it('gives the descriptor, gender and age TF.js gives on a real face', async (t) => {
      const model = await loadTfjs('faceres');
      const input = await faceCrop(224, 1);
      const names = ['global_pooling/Mean', 'gender_pred/Sigmoid', 'age_pred/Softmax'];
      const reference = await runTfjs(model, input, 224, names);
      const converted = await runOnnx(modelPaths.faceres, input, 224, names);
      const [descriptor] = converted;
      assert.equal(descriptor.length, 1024);
      const largest = Math.max(...reference[0]);
      assert.ok(largest > 0, 'a real face has a non-zero descriptor');
      const difference = maxAbsDifference(reference[0], descriptor);
      t.diagnostic(
        `max descriptor difference ${difference.toExponential(2)} (largest value ${largest.toFixed(3)})`,
      );
      assert.ok(difference < 1e-4 * largest);
      assert.ok(maxAbsDifference(reference[1], converted[1]) < 1e-4);
      assert.ok(maxAbsDifference(reference[2], converted[2]) < 1e-4);
    });
  });
});
