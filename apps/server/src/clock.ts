// The time every module asks (app.clock): the real clock, or a test's.
export type Clock = { now(): Date };
