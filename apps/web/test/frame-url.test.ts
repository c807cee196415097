import { describe, expect, it } from 'vitest';
import { frameableGameUrl } from '../src/features/world-casino/frame-url.ts';

describe('a provider game URL to frame', () => {
  const site = 'https://bet.example';
  it('takes a provider origin', () => {
    expect(frameableGameUrl('https://games.provider.example/play?t=1', site)?.origin).toBe(
      'https://games.provider.example',
    );
    expect(frameableGameUrl('http://127.0.0.1:8090/slot', site)?.port).toBe('8090');
  });
  it("refuses the site's own origin (allow-same-origin would let it lift its sandbox)", () => {
    expect(frameableGameUrl('https://bet.example/#/casino', site)).toBeNull();
    expect(frameableGameUrl('/admin/', site)).toBeNull();
  });
  it('refuses other schemes and garbage', () => {
    expect(frameableGameUrl('javascript:alert(1)', site)).toBeNull();
    expect(frameableGameUrl('data:text/html,<b>x</b>', site)).toBeNull();
    expect(frameableGameUrl('http://[bad', site)).toBeNull();
  });
});
