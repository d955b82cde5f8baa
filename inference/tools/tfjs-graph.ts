import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A TF.js graph-model node as stored in `modelTopology.node[]`. */
export interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}

/** TF.js attribute values: strings are base64, integers are decimal strings. */
export interface TfAttr {
  s?: string;
  i?: string;
  f?: number;
  b?: boolean;
  list?: { s?: string[]; i?: string[] };
  type?: string;
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
  /** float16 (upcast), or uint8 with `min` and `scale` (value = q·scale + min, as TF.js decodes it). */
  quantization?: { dtype: string; original_dtype?: string; min?: number; scale?: number };
}

export interface TfjsModelJson {
  format: string;
  signature: {
    inputs: Record<string, { name: string }>;
    outputs: Record<string, { name: string }>;
  };
  modelTopology: { node: TfNode[] };
  weightsManifest: Array<{ paths: string[]; weights: WeightSpec[] }>;
}

export interface TfConstant {
  shape: number[];
  data: Float32Array | Int32Array;
}

export interface TfjsGraph {
  json: TfjsModelJson;
  nodes: TfNode[];
  constants: Map<string, TfConstant>;
  /** The graph's input and output node names (signature names without `:0`). */
  inputs: string[];
  outputs: string[];
  /** The bytes this graph was read from (json, then the weight files), for cache keys. */
  sources: Buffer[];
}

/** The `models/<name>.json` file of the installed `@vladmandic/human` package. */
export function humanModelJson(name: 'facemesh' | 'faceres'): string {
  const entry = createRequire(import.meta.url).resolve('@vladmandic/human');
  return path.join(path.dirname(entry), '..', 'models', `${name}.json`);
}

function halfToFloat(half: number): number {
  const sign = half & 0x8000 ? -1 : 1;
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

function decodeWeight(
  spec: WeightSpec,
  bytes: Buffer,
  offset: number,
): { constant: TfConstant; size: number } {
  const count = spec.shape.reduce((product, dim) => product * dim, 1);
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset);
  const stored = spec.quantization?.dtype ?? spec.dtype;
  if (stored === 'float16' && spec.dtype === 'float32') {
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = halfToFloat(view.getUint16(i * 2, true));
    return { constant: { shape: spec.shape, data }, size: count * 2 };
  }
  if (stored === 'uint8' && spec.dtype === 'float32') {
    const { min, scale } = spec.quantization!;
    if (min === undefined || scale === undefined)
      throw new Error(`weight ${spec.name}: uint8 without min/scale`);
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = view.getUint8(i) * scale + min;
    return { constant: { shape: spec.shape, data }, size: count };
  }
  if (stored === 'float32') {
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = view.getFloat32(i * 4, true);
    return { constant: { shape: spec.shape, data }, size: count * 4 };
  }
  if (stored === 'int32') {
    const data = new Int32Array(count);
    for (let i = 0; i < count; i++) data[i] = view.getInt32(i * 4, true);
    return { constant: { shape: spec.shape, data }, size: count * 4 };
  }
  throw new Error(`weight ${spec.name}: unsupported storage ${stored} for ${spec.dtype}`);
}

const tensorName = (signatureName: string) => signatureName.replace(/:0$/, '');

/** Reads a TF.js graph model: its nodes and its weights, float16 upcast to float32. */
export async function readTfjsGraph(jsonPath: string): Promise<TfjsGraph> {
  const jsonBytes = await readFile(jsonPath);
  const json = JSON.parse(jsonBytes.toString('utf8')) as TfjsModelJson;
  const groups = await Promise.all(
    json.weightsManifest.map((group) =>
      Promise.all(group.paths.map((file) => readFile(path.join(path.dirname(jsonPath), file)))),
    ),
  );
  return tfjsGraphOf(json, groups, [jsonBytes, ...groups.flat()], jsonPath);
}

/**
 * A TF.js graph from its parsed model JSON and each weight group's files (in `paths` order); `sources`
 * are the bytes it came from (cache keys), `origin` names it in errors.
 */
export function tfjsGraphOf(
  json: TfjsModelJson,
  groups: Buffer[][],
  sources: Buffer[],
  origin: string,
): TfjsGraph {
  if (json.format !== 'graph-model') throw new Error(`${origin} is not a TF.js graph model`);
  const constants = new Map<string, TfConstant>();
  json.weightsManifest.forEach((group, index) => {
    const bytes = Buffer.concat(groups[index]);
    let offset = 0;
    for (const spec of group.weights) {
      const { constant, size } = decodeWeight(spec, bytes, offset);
      constants.set(spec.name, constant);
      offset += size;
    }
    if (offset !== bytes.length)
      throw new Error(`${origin}: weights take ${offset} of ${bytes.length} bytes`);
  });
  return {
    json,
    nodes: json.modelTopology.node,
    constants,
    inputs: Object.values(json.signature.inputs).map((input) => tensorName(input.name)),
    outputs: Object.values(json.signature.outputs).map((output) => tensorName(output.name)),
    sources,
  };
}
