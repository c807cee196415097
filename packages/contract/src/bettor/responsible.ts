import {
  excludeRequest,
  excludeResult,
  responsibleGaming,
  setLimitRequest,
  setRealityCheckRequest,
} from '../responsible.ts';
import { defineEndpoints } from '../endpoint.ts';

/** Responsible gaming: limits, the reality check, time-out and self-exclusion. */
export const responsibleEndpoints = defineEndpoints({
  getResponsibleGaming: {
    method: 'GET',
    path: 'user/responsibleGaming',
    access: 'user',
    summary:
      "The caller's deposit and loss limits (in force, used, pending raises), reality-check interval, and the session's start and net result.",
    response: responsibleGaming,
  },
  setResponsibleLimit: {
    method: 'POST',
    path: 'user/responsibleGaming/limit',
    access: 'user',
    summary:
      'Set a deposit or loss limit for a day, week or month (null removes it): lowering counts at once, raising or removing after 24 hours.',
    request: setLimitRequest,
    response: responsibleGaming,
  },
  setRealityCheck: {
    method: 'POST',
    path: 'user/responsibleGaming/realityCheck',
    access: 'user',
    summary: 'Reality-check reminder every N minutes of a session (0 = off).',
    request: setRealityCheckRequest,
    response: responsibleGaming,
  },
  selfExclude: {
    method: 'POST',
    path: 'user/responsibleGaming/exclude',
    access: 'user',
    summary:
      'Time-out (24 h, 7 or 30 days) or self-exclusion (6 months, 1 or 5 years), confirmed with the password: every session ends and login is refused until then; open bets stand. Cannot be shortened.',
    request: excludeRequest,
    response: excludeResult,
  },
});
