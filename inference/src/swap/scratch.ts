/**
 * A reusable scratch buffer: `take(length)` returns `length` values (contents undefined) of one array kept
 * from call to call and grown when needed. A swap runs its stages many times a second (an animation's
 * frames), and allocating their intermediates anew kept the garbage collector busy. Synchronous use only:
 * the next `take` of the same buffer reuses the memory.
 */
export function float32Scratch(): (length: number) => Float32Array {
  let buffer = new Float32Array(0);
  return (length) => {
    if (buffer.length < length) buffer = new Float32Array(length);
    return buffer.subarray(0, length);
  };
}

export function int32Scratch(): (length: number) => Int32Array {
  let buffer = new Int32Array(0);
  return (length) => {
    if (buffer.length < length) buffer = new Int32Array(length);
    return buffer.subarray(0, length);
  };
}
