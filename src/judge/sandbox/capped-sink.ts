/** Keeps at most `cap` bytes of a stream and says when more than that arrived. */
export class CappedSink {
  private chunks: Buffer[] = [];
  size = 0;
  constructor(private readonly cap: number) {}

  /** Returns false once more than `cap` bytes arrived in total. */
  push(chunk: Buffer): boolean {
    const room = this.cap - this.size;
    if (room > 0) this.chunks.push(room >= chunk.length ? chunk : chunk.subarray(0, room));
    this.size += chunk.length;
    return this.size <= this.cap;
  }

  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
