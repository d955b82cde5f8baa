// Jest runs each test file in its own V8 context, whose typed-array classes differ from Node's main
// ones. Native addons (onnxruntime-node, used by the inference library the backend calls to find faces)
// return arrays of the main context, and `instanceof Float32Array` then fails inside the test context.
// jest.config.js makes this every test file's environment.
import { TestEnvironment } from 'jest-environment-node';

const SHARED = [
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

export default class NativeArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of SHARED) this.global[name] = globalThis[name];
  }
}
