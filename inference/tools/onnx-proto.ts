/**
 * A protobuf encoder for the subset of onnx.proto (https://github.com/onnx/onnx/blob/main/onnx/onnx.proto)
 * that our converter writes. Field numbers are onnx.proto's; everything else is left at its default.
 */

export type OnnxDataType = 'float' | 'int64';

const dataTypeCode: Record<OnnxDataType, number> = { float: 1, int64: 7 };

export interface OnnxTensor {
  name: string;
  dataType: OnnxDataType;
  dims: number[];
  data: Float32Array | BigInt64Array;
}

/** Attribute values: integers and integer lists are INT/INTS, strings are STRING; `{ float }` is FLOAT. */
export type OnnxAttribute = number | number[] | string | { float: number };

export interface OnnxNode {
  opType: string;
  name: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, OnnxAttribute>;
}

export interface OnnxValueInfo {
  name: string;
  dataType: OnnxDataType;
  /** Numbers are fixed sizes, strings are symbolic dimensions (e.g. the batch). */
  shape: Array<number | string>;
}

export interface OnnxModel {
  irVersion: number;
  producerName: string;
  producerVersion: string;
  opsetVersion: number;
  graphName: string;
  docString: string;
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
}

const WIRE_VARINT = 0;
const WIRE_FIXED32 = 5;
const WIRE_BYTES = 2;

class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  private push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  private rawVarint(value: bigint): void {
    // Negative int64 values are encoded as their 64-bit two's complement (10 bytes).
    let rest = BigInt.asUintN(64, value);
    const bytes: number[] = [];
    do {
      let byte = Number(rest & 0x7fn);
      rest >>= 7n;
      if (rest !== 0n) byte |= 0x80;
      bytes.push(byte);
    } while (rest !== 0n);
    this.push(Uint8Array.from(bytes));
  }

  private tag(field: number, wireType: number): void {
    this.rawVarint(BigInt((field << 3) | wireType));
  }

  varint(field: number, value: number | bigint): this {
    this.tag(field, WIRE_VARINT);
    this.rawVarint(BigInt(value));
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, WIRE_FIXED32);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, WIRE_BYTES);
    this.rawVarint(BigInt(value.length));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, write: (writer: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    write(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

/** Little-endian bytes of a typed array (raw_data is little-endian by the ONNX spec). */
function littleEndianBytes(data: Float32Array | BigInt64Array): Uint8Array {
  const out = new Uint8Array(data.length * data.BYTES_PER_ELEMENT);
  const view = new DataView(out.buffer);
  if (data instanceof Float32Array) data.forEach((value, i) => view.setFloat32(i * 4, value, true));
  else data.forEach((value, i) => view.setBigInt64(i * 8, value, true));
  return out;
}

// TensorProto: dims = 1, data_type = 2, name = 8, raw_data = 9.
function writeTensor(writer: ProtoWriter, tensor: OnnxTensor): void {
  for (const dim of tensor.dims) writer.varint(1, dim);
  writer
    .varint(2, dataTypeCode[tensor.dataType])
    .string(8, tensor.name)
    .bytes(9, littleEndianBytes(tensor.data));
}

// AttributeProto: name = 1, f = 2, i = 3, s = 4, ints = 8, type = 20 (FLOAT 1, INT 2, STRING 3, INTS 7).
function writeAttribute(writer: ProtoWriter, name: string, value: OnnxAttribute): void {
  writer.string(1, name);
  if (typeof value === 'number') writer.varint(3, value).varint(20, 2);
  else if (typeof value === 'string') writer.string(4, value).varint(20, 3);
  else if (Array.isArray(value)) {
    for (const item of value) writer.varint(8, item);
    writer.varint(20, 7);
  } else writer.float(2, value.float).varint(20, 1);
}

// NodeProto: input = 1, output = 2, name = 3, op_type = 4, attribute = 5.
function writeNode(writer: ProtoWriter, node: OnnxNode): void {
  for (const input of node.inputs) writer.string(1, input);
  for (const output of node.outputs) writer.string(2, output);
  writer.string(3, node.name).string(4, node.opType);
  for (const [name, value] of Object.entries(node.attributes ?? {})) {
    writer.message(5, (attribute) => writeAttribute(attribute, name, value));
  }
}

// ValueInfoProto: name = 1, type = 2; TypeProto.tensor_type = 1; Tensor: elem_type = 1, shape = 2;
// TensorShapeProto.dim = 1; Dimension: dim_value = 1, dim_param = 2.
function writeValueInfo(writer: ProtoWriter, info: OnnxValueInfo): void {
  writer.string(1, info.name).message(2, (type) =>
    type.message(1, (tensorType) =>
      tensorType.varint(1, dataTypeCode[info.dataType]).message(2, (shape) => {
        for (const dim of info.shape) {
          shape.message(1, (dimension) =>
            typeof dim === 'number' ? dimension.varint(1, dim) : dimension.string(2, dim),
          );
        }
      }),
    ),
  );
}

/**
 * ModelProto: ir_version = 1, producer_name = 2, producer_version = 3, doc_string = 6, graph = 7,
 * opset_import = 8 (OperatorSetIdProto: domain = 1, version = 2).
 * GraphProto: node = 1, name = 2, initializer = 5, input = 11, output = 12.
 */
export function encodeOnnxModel(model: OnnxModel): Uint8Array {
  return new ProtoWriter()
    .varint(1, model.irVersion)
    .string(2, model.producerName)
    .string(3, model.producerVersion)
    .string(6, model.docString)
    .message(7, (graph) => {
      for (const node of model.nodes) graph.message(1, (writer) => writeNode(writer, node));
      graph.string(2, model.graphName);
      for (const tensor of model.initializers) graph.message(5, (writer) => writeTensor(writer, tensor));
      for (const input of model.inputs) graph.message(11, (writer) => writeValueInfo(writer, input));
      for (const output of model.outputs) graph.message(12, (writer) => writeValueInfo(writer, output));
    })
    .message(8, (opset) => opset.string(1, '').varint(2, model.opsetVersion))
    .finish();
}
