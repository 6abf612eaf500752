// The pump's insulin on board: bolus insulin (normal, extended, auto correction and food doses)
// not yet acted, by the active insulin time of the settings. Three compartments in a chain hold
// 99 % of a dose for about 8.4 time constants, so that is the active insulin time.

export class InsulinOnBoard {
  private readonly chain = [0, 0, 0];
  private readonly k: number;

  constructor(activeInsulinHours: number) {
    this.k = 8.4 / (activeInsulinHours * 60);
  }

  get units(): number {
    return this.chain[0]! + this.chain[1]! + this.chain[2]!;
  }

  /** One minute with `input` units given. */
  step(input: number): void {
    const c = this.chain;
    const f0 = c[0]! * this.k;
    const f1 = c[1]! * this.k;
    const f2 = c[2]! * this.k;
    c[0] = c[0]! + input - f0;
    c[1] = c[1]! + f0 - f1;
    c[2] = c[2]! + f1 - f2;
  }
}
