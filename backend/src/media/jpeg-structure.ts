/** Start-of-frame markers (baseline, extended, progressive, lossless; Huffman and arithmetic). */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Arithmetic coding can spend less than a bit on a block: the size bound below does not hold. */
const ARITHMETIC_SOF = new Set([0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const SOS = 0xda;

/**
 * Whether a JPEG's coded data is too short for the frame it declares. Every 8×8 block of every
 * component takes at least one bit of Huffman-coded data (its DC code), so a file declaring 6000×6000
 * whose scan is a few bytes long, ended early by an EOI, is truncated: libjpeg only warns and paints
 * the missing blocks grey, which would let 300 bytes pass as a 36 MP picture and cost a worker seconds.
 * Reads the headers only; a file it cannot follow is left to the decoder to judge (false).
 */
export function isTruncatedJpeg(bytes: Buffer): boolean {
  let offset = 2;
  let blocks: number | null = null;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (SOF_MARKERS.has(marker)) {
      if (ARITHMETIC_SOF.has(marker)) return false;
      blocks = frameBlocks(bytes, offset + 4);
    } else if (marker === SOS) {
      if (blocks === null) return false;
      // Everything after the first scan's header counts as coded data: a generous upper bound.
      const coded = bytes.length - (offset + 2 + length);
      return coded * 8 < blocks;
    }
    offset += 2 + length;
  }
  return false;
}

/** The 8×8 blocks of all components of a frame whose header starts at `at` (after its length). */
function frameBlocks(bytes: Buffer, at: number): number | null {
  if (at + 6 > bytes.length) return null;
  const height = bytes.readUInt16BE(at + 1);
  const width = bytes.readUInt16BE(at + 3);
  const count = bytes[at + 5]!;
  if (at + 6 + count * 3 > bytes.length) return null;
  const factors: { h: number; v: number }[] = [];
  for (let i = 0; i < count; i++) {
    const sampling = bytes[at + 6 + i * 3 + 1]!;
    factors.push({ h: sampling >> 4, v: sampling & 0x0f });
  }
  const hMax = Math.max(...factors.map((f) => f.h), 1);
  const vMax = Math.max(...factors.map((f) => f.v), 1);
  let blocks = 0;
  for (const { h, v } of factors)
    blocks += Math.ceil(Math.ceil((width * h) / hMax) / 8) * Math.ceil(Math.ceil((height * v) / vMax) / 8);
  return blocks;
}
