// Packs rectangles into square pages, shelf by shelf: left to right along a
// shelf as tall as its tallest cell, a new shelf below when the row is full, a
// new page when the page is. Cells of a few sizes (tile faces) waste little.
export interface Cell {
  readonly page: number;
  readonly x: number;
  readonly y: number;
}

export class ShelfPacker {
  #page = -1;
  #x = 0;
  #y = 0;
  #row = 0;

  constructor(private readonly side: number) {}

  /** Pages used so far. */
  get pages(): number {
    return this.#page + 1;
  }

  /** A free cell of `w`×`h` (each at most the side). */
  place(w: number, h: number): Cell {
    if (w > this.side || h > this.side)
      throw new RangeError(`a ${w}×${h} cell exceeds ${this.side}`);
    if (this.#page >= 0 && this.#x + w > this.side) {
      this.#y += this.#row;
      this.#x = 0;
      this.#row = 0;
    }
    if (this.#page < 0 || this.#y + h > this.side) {
      this.#page++;
      this.#x = 0;
      this.#y = 0;
      this.#row = 0;
    }
    const cell = { page: this.#page, x: this.#x, y: this.#y };
    this.#x += w;
    this.#row = Math.max(this.#row, h);
    return cell;
  }
}
