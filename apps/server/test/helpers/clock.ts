/** A clock tests move by hand. */
export class TestClock {
  private t = Date.now();
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
  /**
   * Moves to just after the next multiple of `periodMs` (since the epoch): a test of a fixed-window
   * counter (an hour's OTP sends) then runs inside one window, whatever the wall clock says.
   */
  startWindow(periodMs: number) {
    this.t = (Math.floor(this.t / periodMs) + 1) * periodMs + 1;
  }
}
