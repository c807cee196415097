/** A temporary password an operator hands over: 10 characters, letters and digits (spec §5's rule). */
export function randomPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const pick = (set: string) => {
    const a = new Uint32Array(1);
    crypto.getRandomValues(a);
    return set[a[0]! % set.length]!;
  };
  const chars = [pick(letters), pick(digits), ...Array.from({ length: 8 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const a = new Uint32Array(1);
    crypto.getRandomValues(a);
    const j = a[0]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
