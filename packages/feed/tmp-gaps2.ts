import { plannedRaces, siteDayStartMs } from './src/racing/card.ts';
for (const day of [20000, 20001]) {
const s = siteDayStartMs(day);
const rs = plannedRaces(1, s, s + 86400000);
const per = new Array(24).fill(0); const maxg = new Array(24).fill(0);
for (let i = 0; i < rs.length; i++) { const h = Math.floor((rs[i]!.off_time_ms - s) / 3600000); per[h]++; if (i>0) maxg[h] = Math.max(maxg[h], (rs[i]!.off_time_ms - rs[i-1]!.off_time_ms)/60000); }
console.log(per.join(' ')); console.log(maxg.join(' '));
}
