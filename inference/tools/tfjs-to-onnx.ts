/**
 * Converts a TF.js graph model (NHWC) into an ONNX model (NCHW, opset 13) for ONNX Runtime. Covers the ops
 * of Human's facemesh and faceres graphs and nsfwjs's MobileNetV2; anything else fails loudly with the
 * node's name. The layout rules
 * (and how they were established) are in docs/MODELS.md.
 */
import type { OnnxAttribute, OnnxModel, OnnxNode, OnnxTensor, OnnxValueInfo } from './onnx-proto.js';
import type { TfAttr, TfConstant, TfjsGraph, TfNode } from './tfjs-graph.js';

const OPSET = 13;
const IR_VERSION = 7; // the IR version that goes with opset 13

/** An activation tensor: its ONNX name and shape (NCHW when 4-D), −1 for the batch dimension. */
interface Value {
  name: string;
  shape: number[];
}

/** Where an NHWC axis goes in NCHW. */
const NHWC_TO_NCHW_AXIS = [0, 2, 3, 1];

const decode = (base64: string | undefined) => (base64 ? Buffer.from(base64, 'base64').toString('utf8') : '');

function ints(attr: TfAttr | undefined): number[] {
  return (attr?.list?.i ?? []).map(Number);
}

class GraphConverter {
  private readonly nodes: OnnxNode[] = [];
  private readonly initializers = new Map<string, OnnxTensor>();
  private readonly values = new Map<string, Value>();
  private readonly inputs: OnnxValueInfo[] = [];

  constructor(private readonly graph: TfjsGraph) {}

  convert(producerVersion: string, docString: string): OnnxModel {
    for (const node of this.graph.nodes) this.convertNode(node);
    const outputs = this.graph.outputs.map((name): OnnxValueInfo => {
      const value = this.value(name);
      if (value.shape.length === 4) throw new Error(`output ${name}: 4-D outputs are not supported`);
      return {
        name: value.name,
        dataType: 'float',
        shape: value.shape.map((dim) => (dim < 0 ? 'batch' : dim)),
      };
    });
    return {
      irVersion: IR_VERSION,
      producerName: 'mememint-tfjs-to-onnx',
      producerVersion,
      opsetVersion: OPSET,
      graphName: 'main',
      docString,
      nodes: this.nodes,
      initializers: [...this.initializers.values()],
      inputs: this.inputs,
      outputs,
    };
  }

  private value(reference: string): Value {
    const name = this.inputName(reference);
    const value = this.values.get(name);
    if (!value)
      throw new Error(`${name} is not a computed tensor (a constant where an activation is expected?)`);
    return value;
  }

  private constant(reference: string): TfConstant {
    const constant = this.graph.constants.get(this.inputName(reference));
    if (!constant) throw new Error(`${reference} is not a constant`);
    return constant;
  }

  private isConstant(reference: string): boolean {
    return this.graph.constants.has(this.inputName(reference));
  }

  private inputName(reference: string): string {
    const [name, index] = reference.split(':');
    if (index !== undefined && index !== '0')
      throw new Error(`${reference}: only first outputs are supported`);
    return name;
  }

  private emit(
    opType: string,
    inputs: string[],
    output: string,
    shape: number[],
    attributes?: Record<string, OnnxAttribute>,
  ): Value {
    this.nodes.push({ opType, name: output, inputs, outputs: [output], attributes });
    const value = { name: output, shape };
    this.values.set(output, value);
    return value;
  }

  private initializer(name: string, dims: number[], data: Float32Array | BigInt64Array): string {
    if (!this.initializers.has(name)) {
      this.initializers.set(name, {
        name,
        dims,
        data,
        dataType: data instanceof Float32Array ? 'float' : 'int64',
      });
    }
    return name;
  }

  private int64Initializer(name: string, values: number[]): string {
    return this.initializer(name, [values.length], BigInt64Array.from(values.map(BigInt)));
  }

  private floatData(reference: string): Float32Array {
    const { data } = this.constant(reference);
    if (!(data instanceof Float32Array)) throw new Error(`${reference} is not a float constant`);
    return data;
  }

  /** A per-channel vector ([C], (1,1,C) or a scalar) laid out to broadcast against `rank`-D activations. */
  private broadcastConstant(reference: string, rank: number): string {
    const { shape } = this.constant(reference);
    const data = this.floatData(reference);
    const count = data.length;
    if (count === 1 && shape.length === 0) return this.initializer(`${reference}:scalar`, [], data);
    if (rank !== 4) return this.initializer(reference, shape, data);
    if (shape.slice(0, -1).some((dim) => dim !== 1) || shape.at(-1) !== count) {
      throw new Error(`${reference}: constant of shape [${shape}] does not broadcast per channel`);
    }
    return this.initializer(`${reference}:c11`, [count, 1, 1], data);
  }

  private convertNode(node: TfNode): void {
    const inputs = (node.input ?? []).filter((input) => !input.startsWith('^'));
    switch (node.op) {
      case 'Const':
        return;
      case 'Placeholder':
        return this.placeholder(node);
      case 'Conv2D':
      case '_FusedConv2D':
        return this.convolution(node, inputs, false);
      case 'DepthwiseConv2dNative':
      case 'FusedDepthwiseConv2dNative':
        return this.convolution(node, inputs, true);
      case 'Add':
      case 'AddV2':
        return this.binary(node, inputs, 'Add');
      case 'Mul':
        return this.binary(node, inputs, 'Mul');
      case 'Sub':
        return this.binary(node, inputs, 'Sub');
      case 'Minimum':
        return this.binary(node, inputs, 'Min');
      case 'Maximum':
        return this.binary(node, inputs, 'Max');
      case 'Prelu': {
        const x = this.value(inputs[0]);
        this.emit('PRelu', [x.name, this.broadcastConstant(inputs[1], x.shape.length)], node.name, x.shape);
        return;
      }
      case 'Relu':
      case 'Sigmoid':
      case 'Identity': {
        const x = this.value(inputs[0]);
        this.emit(node.op, [x.name], node.name, x.shape);
        return;
      }
      case 'Softmax': {
        const x = this.value(inputs[0]);
        if (x.shape.length !== 2) throw new Error(`${node.name}: Softmax only on 2-D tensors`);
        this.emit('Softmax', [x.name], node.name, x.shape, { axis: 1 });
        return;
      }
      case 'MaxPool':
        return this.pool(node, inputs, 'MaxPool');
      case 'AvgPool':
        return this.pool(node, inputs, 'AveragePool');
      case 'Squeeze':
        return this.squeeze(node, inputs);
      case 'Pad':
        return this.pad(node, inputs);
      case 'Reshape':
        return this.reshape(node, inputs);
      case 'Mean':
        return this.mean(node, inputs);
      case '_FusedMatMul':
        return this.matMul(node, inputs);
      default:
        throw new Error(`${node.name}: unsupported op ${node.op}`);
    }
  }

  private placeholder(node: TfNode): void {
    const dims = (
      (node.attr?.shape as { shape?: { dim?: Array<{ size: string }> } } | undefined)?.shape?.dim ?? []
    ).map((dim) => Number(dim.size));
    if (dims.length !== 4) throw new Error(`${node.name}: only NHWC image inputs are supported`);
    // The model keeps TF.js's NHWC input (what callers fill from interleaved RGB) and transposes once.
    this.inputs.push({
      name: node.name,
      dataType: 'float',
      shape: dims.map((dim) => (dim < 0 ? 'batch' : dim)),
    });
    const [n, h, w, c] = dims;
    this.emit('Transpose', [node.name], `${node.name}/nchw`, [n, c, h, w], { perm: [0, 3, 1, 2] });
    this.values.set(node.name, this.values.get(`${node.name}/nchw`)!);
  }

  private spatialAttributes(node: TfNode, kernel: [number, number], input: Value) {
    if (decode(node.attr?.data_format?.s) !== 'NHWC' && node.attr?.data_format) {
      throw new Error(`${node.name}: only NHWC data is supported`);
    }
    if (ints(node.attr?.dilations).some((dilation) => dilation !== 1)) {
      throw new Error(`${node.name}: dilated convolutions are not supported`);
    }
    const [, strideH, strideW] = ints(node.attr?.strides);
    const padding = decode(node.attr?.padding?.s);
    const [, , height, width] = input.shape;
    const strides = [strideH, strideW];
    const pads = [0, 0, 0, 0];
    const out = [0, 0];
    [height, width].forEach((size, axis) => {
      const k = kernel[axis];
      const s = strides[axis];
      if (padding === 'SAME') {
        // TF puts the odd padding pixel at the end (ONNX's SAME_UPPER); written out explicitly.
        out[axis] = Math.ceil(size / s);
        const total = Math.max((out[axis] - 1) * s + k - size, 0);
        pads[axis] = Math.floor(total / 2);
        pads[axis + 2] = total - pads[axis];
      } else if (padding === 'VALID') {
        out[axis] = Math.floor((size - k) / s) + 1;
      } else throw new Error(`${node.name}: unsupported padding ${padding}`);
    });
    return { attributes: { kernel_shape: kernel, strides, pads }, out };
  }

  private convolution(node: TfNode, inputs: string[], depthwise: boolean): void {
    const x = this.value(inputs[0]);
    const { shape: kernelShape } = this.constant(inputs[1]);
    const kernel = this.floatData(inputs[1]);
    const [kh, kw, inChannels, outOrMultiplier] = kernelShape;
    const { attributes, out } = this.spatialAttributes(node, [kh, kw], x);
    let weights: Float32Array;
    let outChannels: number;
    const group = depthwise ? inChannels : 1;
    if (depthwise) {
      // [H, W, C, M] → [C·M, 1, H, W]: a grouped convolution with one group per input channel.
      outChannels = inChannels * outOrMultiplier;
      weights = new Float32Array(kernel.length);
      for (let y = 0; y < kh; y++)
        for (let xx = 0; xx < kw; xx++)
          for (let c = 0; c < inChannels; c++)
            for (let m = 0; m < outOrMultiplier; m++) {
              weights[((c * outOrMultiplier + m) * kh + y) * kw + xx] =
                kernel[((y * kw + xx) * inChannels + c) * outOrMultiplier + m];
            }
    } else {
      // HWIO → OIHW.
      outChannels = outOrMultiplier;
      weights = new Float32Array(kernel.length);
      for (let y = 0; y < kh; y++)
        for (let xx = 0; xx < kw; xx++)
          for (let i = 0; i < inChannels; i++)
            for (let o = 0; o < outChannels; o++) {
              weights[((o * inChannels + i) * kh + y) * kw + xx] =
                kernel[((y * kw + xx) * inChannels + i) * outChannels + o];
            }
    }
    const convInputs = [
      x.name,
      this.initializer(`${inputs[1]}:oihw`, [outChannels, depthwise ? 1 : inChannels, kh, kw], weights),
    ];
    const fused = (node.attr?.fused_ops?.list?.s ?? []).map(decode);
    if (fused[0] === 'BiasAdd')
      convInputs.push(this.initializer(inputs[2], [outChannels], this.floatData(inputs[2])));
    else if (fused.length > 0) throw new Error(`${node.name}: fused ops ${fused} without BiasAdd`);
    const shape = [x.shape[0], outChannels, out[0], out[1]];
    const activation = fused[1];
    const convName = activation ? `${node.name}/conv` : node.name;
    const conv = this.emit('Conv', convInputs, convName, shape, { ...attributes, group });
    if (activation === 'Prelu') {
      this.emit('PRelu', [conv.name, this.broadcastConstant(inputs[3], 4)], node.name, shape);
    } else if (activation === 'Relu') {
      this.emit('Relu', [conv.name], node.name, shape);
    } else if (activation === 'Relu6') {
      const bounds = [0, 6].map((bound) => this.initializer(`relu6:${bound}`, [], Float32Array.of(bound)));
      this.emit('Clip', [conv.name, ...bounds], node.name, shape);
    } else if (activation) throw new Error(`${node.name}: unsupported fused activation ${activation}`);
  }

  private binary(node: TfNode, inputs: string[], opType: string): void {
    const [a, b] = inputs;
    const activation = [a, b].find((input) => !this.isConstant(input));
    if (!activation) throw new Error(`${node.name}: both operands are constants`);
    const x = this.value(activation);
    const operand = (input: string) =>
      this.isConstant(input) ? this.broadcastConstant(input, x.shape.length) : this.value(input).name;
    this.emit(opType, [operand(a), operand(b)], node.name, x.shape);
  }

  /** MaxPool, or AveragePool (TF's counts only the pixels inside, ONNX's default count_include_pad 0). */
  private pool(node: TfNode, inputs: string[], opType: 'MaxPool' | 'AveragePool'): void {
    const x = this.value(inputs[0]);
    const [, kh, kw] = ints(node.attr?.ksize);
    const { attributes, out } = this.spatialAttributes(node, [kh, kw], x);
    this.emit(opType, [x.name], node.name, [x.shape[0], x.shape[1], out[0], out[1]], attributes);
  }

  /** Squeeze of a pooled 1×1 map's spatial axes (TF's NHWC [1, 2], our NCHW [2, 3]). */
  private squeeze(node: TfNode, inputs: string[]): void {
    const x = this.value(inputs[0]);
    const axes = ints(node.attr?.squeeze_dims).map((axis) => NHWC_TO_NCHW_AXIS[axis]);
    if (x.shape.length !== 4 || axes.sort().join() !== '2,3' || x.shape[2] * x.shape[3] !== 1)
      throw new Error(`${node.name}: only the spatial axes of a 1×1 map can be squeezed`);
    const shape = [x.shape[0], x.shape[1]];
    this.emit('Squeeze', [x.name, this.int64Initializer(`${node.name}:axes`, axes)], node.name, shape);
  }

  private pad(node: TfNode, inputs: string[]): void {
    const x = this.value(inputs[0]);
    const paddings = Array.from(this.constant(inputs[1]).data);
    if (x.shape.length !== 4 || paddings.length !== 8)
      throw new Error(`${node.name}: only 4-D Pad is supported`);
    // TF [[n0,n1],[h0,h1],[w0,w1],[c0,c1]] (NHWC) → ONNX [n0,c0,h0,w0, n1,c1,h1,w1] (NCHW).
    const begin = [0, 3, 1, 2].map((axis) => paddings[axis * 2]);
    const end = [0, 3, 1, 2].map((axis) => paddings[axis * 2 + 1]);
    const shape = x.shape.map((dim, axis) => (dim < 0 ? dim : dim + begin[axis] + end[axis]));
    this.emit(
      'Pad',
      [x.name, this.int64Initializer(`${inputs[1]}:nchw`, [...begin, ...end])],
      node.name,
      shape,
      {
        mode: 'constant',
      },
    );
  }

  private reshape(node: TfNode, inputs: string[]): void {
    let x = this.value(inputs[0]);
    const target = Array.from(this.constant(inputs[1]).data);
    if (target.length !== 2) throw new Error(`${node.name}: only reshapes to 2-D are supported`);
    // The target shape counts elements in NHWC order; on a 1×1 map NCHW order is the same.
    if (x.shape.length === 4 && x.shape[2] * x.shape[3] !== 1) {
      const [n, c, h, w] = x.shape;
      x = this.emit('Transpose', [x.name], `${node.name}/nhwc`, [n, h, w, c], { perm: [0, 2, 3, 1] });
    }
    this.emit('Reshape', [x.name, this.int64Initializer(`${inputs[1]}:int64`, target)], node.name, target);
  }

  private mean(node: TfNode, inputs: string[]): void {
    const x = this.value(inputs[0]);
    const tfAxes = Array.from(this.constant(inputs[1]).data);
    const keepDims = node.attr?.keep_dims?.b === true;
    const axes = x.shape.length === 4 ? tfAxes.map((axis) => NHWC_TO_NCHW_AXIS[axis]) : tfAxes;
    if (x.shape.length === 4 && !keepDims && [...axes].sort().join() !== '2,3') {
      throw new Error(`${node.name}: only spatial means can drop dimensions`);
    }
    const shape = keepDims
      ? x.shape.map((dim, axis) => (axes.includes(axis) ? 1 : dim))
      : x.shape.filter((_, axis) => !axes.includes(axis));
    this.emit('ReduceMean', [x.name], node.name, shape, { axes, keepdims: keepDims ? 1 : 0 });
  }

  private matMul(node: TfNode, inputs: string[]): void {
    const x = this.value(inputs[0]);
    if (x.shape.length !== 2) throw new Error(`${node.name}: MatMul only on 2-D tensors`);
    const transA = node.attr?.transpose_a?.b === true ? 1 : 0;
    const transB = node.attr?.transpose_b?.b === true ? 1 : 0;
    const { shape: weightShape } = this.constant(inputs[1]);
    const outFeatures = transB ? weightShape[0] : weightShape[1];
    const fused = (node.attr?.fused_ops?.list?.s ?? []).map(decode);
    if (fused[0] !== 'BiasAdd') throw new Error(`${node.name}: _FusedMatMul without BiasAdd`);
    const gemmInputs = [
      x.name,
      this.initializer(inputs[1], weightShape, this.floatData(inputs[1])),
      this.initializer(inputs[2], [outFeatures], this.floatData(inputs[2])),
    ];
    const shape = [transA ? x.shape[1] : x.shape[0], outFeatures];
    const activation = fused[1];
    const gemm = this.emit('Gemm', gemmInputs, activation ? `${node.name}/gemm` : node.name, shape, {
      transA,
      transB,
    });
    if (activation === 'Relu') this.emit('Relu', [gemm.name], node.name, shape);
    else if (activation) throw new Error(`${node.name}: unsupported fused activation ${activation}`);
  }
}

/** Converts a TF.js graph (see readTfjsGraph) to an ONNX model description for encodeOnnxModel. */
export function convertTfjsGraph(graph: TfjsGraph, producerVersion: string, docString: string): OnnxModel {
  return new GraphConverter(graph).convert(producerVersion, docString);
}
