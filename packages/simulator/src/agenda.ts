// Things the patient will do at a given minute, in the order they were planned.

export interface Action {
  time: number;
  order: number;
  run: (t: number) => void;
}

export class Agenda {
  private items: Action[] = [];
  private counter = 0;

  add(time: number, run: (t: number) => void): void {
    const action = { time, order: this.counter++, run };
    // Binary search for the insertion point keeps the list sorted by (time, order).
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.items[mid]!.time <= time) lo = mid + 1;
      else hi = mid;
    }
    this.items.splice(lo, 0, action);
  }

  /** Runs everything due at or before `t` (actions added meanwhile for `t` run too). */
  runDue(t: number): void {
    while (this.items.length > 0 && this.items[0]!.time <= t) {
      this.items.shift()!.run(t);
    }
  }
}
