// Issue 45: the installable app's manifest and icons, made from the global settings — the site's
// title and colours, icons drawn from the operator's logo (a file of the seed, or an upload) in the
// sizes the platforms ask for — and the APK link the console saves beside `is_show_apk`.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { APP_ICONS, appManifest, manifestColour } from '../src/modules/settings/app-manifest.ts';
import { saveSettings, storeUpload } from '../src/modules/settings/save.ts';
import { describeStores, ONE_STORE } from './helpers/stores.ts';

/** What the manifest reads of the seed's settings. */
const COLOURS = { site_title: 'Backlay Exchange', bg_primary_color: '#0b3d2e', bg_secondry_color: '#145c43' };

/** The colour of an icon's pixel at (x, y), as #rrggbb. */
async function pixel(png: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[data[at]!, data[at + 1]!, data[at + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

it('a colour of the settings reaches the manifest only as #rgb or #rrggbb', () => {
  expect(manifestColour(' #0B3D2E ', '#000000')).toBe('#0b3d2e');
  expect(manifestColour('#abc', '#000000')).toBe('#abc');
  for (const bad of ['green', 'rgb(1,2,3)', '#12345', '', 'red;}'])
    expect(manifestColour(bad, '#000000')).toBe('#000000');
});

it('a long title is cut for the home screen (short_name at most 12 characters)', () => {
  const m = appManifest({ ...COLOURS, site_title: 'The Very Long Exchange Name' });
  expect(m.name).toBe('The Very Long Exchange Name');
  expect(m.short_name).toBe('The Very Lon');
  expect(appManifest({ ...COLOURS, site_title: '  ' }).name).toBe('Backlay');
});

describeStores('the installable app', (ctx) => {
  it('the manifest carries the site title, its colours and the icons, and installs as an app', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/manifest+json');
    expect(r.headers['cache-control']).toBe('no-cache');
    const m = r.json<ReturnType<typeof appManifest>>();
    expect(m).toMatchObject({
      name: 'Backlay Exchange',
      short_name: 'Backlay Exch',
      start_url: './',
      scope: './',
      display: 'standalone',
      theme_color: '#0b3d2e',
      background_color: '#145c43',
    });
    // What Chrome asks to install: a 192 and a 512 px icon; Android's masks: a maskable one.
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('each icon is a PNG of its size, the logo on the theme colour; an unknown one is a 404', async () => {
    for (const icon of APP_ICONS) {
      const r = await ctx.app.inject({ method: 'GET', url: `/app-icon/${icon.file}` });
      expect(r.statusCode, icon.file).toBe(200);
      expect(r.headers['content-type']).toBe('image/png');
      const meta = await sharp(r.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], icon.file).toEqual(['png', icon.size, icon.size]);
      // The corner is the theme colour (the logo sits inside, the maskable one in the safe zone).
      expect(await pixel(r.rawPayload, 1, 1)).toBe('#0b3d2e');
    }
    for (const file of ['64.png', '../package.json', '192.jpg']) {
      const r = await ctx.app.inject({ method: 'GET', url: `/app-icon/${file}` });
      expect(r.statusCode, file).toBe(404);
    }
  });

  it.runIf(ctx.store === ONE_STORE)(
    'a new logo and colour in the console make new icons (a new ETag), an unchanged icon answers 304',
    async () => {
      const first = await ctx.app.inject({ method: 'GET', url: '/app-icon/512.png' });
      const etag = String(first.headers.etag);
      const again = await ctx.app.inject({
        method: 'GET',
        url: '/app-icon/512.png',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      // A red square uploaded as the logo, the theme turned blue.
      const red = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#ff0000' },
      })
        .png()
        .toBuffer();
      const up = await storeUpload(
        ctx.app.db,
        { field: 'logo', content_type: 'image/png', data_base64: red.toString('base64') },
        1,
        new Date(),
      );
      if (!up.ok) throw new Error(up.message);
      const seed = await ctx.app.settings.get();
      await saveSettings(ctx.app.db, { ...seed, logo: up.url, bg_primary_color: '#1030a0' });
      const icon = await ctx.app.inject({ method: 'GET', url: '/app-icon/512.png' });
      expect(icon.headers.etag).not.toBe(etag);
      expect(await pixel(icon.rawPayload, 256, 256)).toBe('#ff0000');
      expect(await pixel(icon.rawPayload, 4, 4)).toBe('#1030a0');
      // The maskable one keeps the logo inside the middle 60 %: at 15 % from the edge, the theme.
      const maskable = await ctx.app.inject({ method: 'GET', url: '/app-icon/maskable-512.png' });
      expect(await pixel(maskable.rawPayload, 77, 256)).toBe('#1030a0');
      expect(await pixel(maskable.rawPayload, 256, 256)).toBe('#ff0000');
      const m = (await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json<{
        theme_color: string;
      }>();
      expect(m.theme_color).toBe('#1030a0');
    },
  );

  it.runIf(ctx.store === ONE_STORE)(
    'the APK link: saved by the console beside is_show_apk, in the public settings; a bad one refused',
    async () => {
      const operator = ctx.api.fork();
      await operator.login('operator', 'operator123');
      // The seed's settings as the console sends them back, the APK link left out.
      const { apk_link: _none, ...seed } = await ctx.app.settings.get();
      const saved = await operator.call('adminSettingsSave', {
        ...seed,
        is_show_apk: '1',
        apk_link: 'https://downloads.example.in/backlay.apk',
      });
      expect(saved.body.status).toBe(true);
      const s = await ctx.api.call('getGlobalSetting', undefined);
      expect(s.body.data).toMatchObject({
        is_show_apk: '1',
        apk_link: 'https://downloads.example.in/backlay.apk',
      });
      // Left out, it stays; a link that is not https:// is refused with the field named.
      await operator.call('adminSettingsSave', { ...seed, is_show_apk: '1' });
      expect((await ctx.api.call('getGlobalSetting', undefined)).body.data).toMatchObject({
        apk_link: 'https://downloads.example.in/backlay.apk',
      });
      const bad = await operator.call('adminSettingsSave', { ...seed, apk_link: 'javascript:alert(1)' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toContain('apk_link: apk_link must be empty or an https:// address');
    },
  );
});
