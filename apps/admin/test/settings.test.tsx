import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderConsole, signedIn, type Call } from './helpers.tsx';

const settings = {
  logo: '/api/upload/image/logo.svg',
  site_message: 'Welcome',
  payment_gateway: '0',
  is_show_apk: '0',
  welcome_banner: '',
  site_title: 'Backlay',
  favicon: '',
  bg_primary_color: '#0b3d2e',
  bg_secondry_color: '#145c43',
  text_primary_color: '#ffffff',
  text_secondry_color: '#f5c518',
  other_color: '#72bbef',
  fb_link: '',
  insta_link: '',
  telegram_link: '',
  twiter_link: '',
  whatsapp_link: '',
};

describe('Settings', () => {
  it('previews a change, then saves every setting after the review', async () => {
    signedIn();
    const api = mockApi({
      'globalSetting/getGlobalSetting': settings,
      'admin/settings/save': (c: Call) => ({ ...settings, ...(c.body as object) }),
    });
    renderConsole('/settings');
    const message = await screen.findByLabelText('Site message (news marquee)');
    await userEvent.clear(message);
    await userEvent.type(message, 'Derby day: markets open at 18:00');
    expect(screen.getByTestId('preview-message')).toHaveTextContent('Derby day: markets open at 18:00');
    expect(api.callsTo('admin/settings/save')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Review and save…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save these settings?' });
    expect(dialog).toHaveTextContent('Site message (news marquee): Derby day: markets open at 18:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('admin/settings/save')).toHaveLength(1));
    expect(api.callsTo('admin/settings/save')[0]!.body).toMatchObject({
      ...settings,
      site_message: 'Derby day: markets open at 18:00',
      request_id: expect.any(String),
    });
  });

  it('refuses a bad colour or link before asking the server', async () => {
    signedIn();
    const api = mockApi({ 'globalSetting/getGlobalSetting': settings, 'admin/settings/save': settings });
    renderConsole('/settings');
    const colour = await screen.findByLabelText('Primary background');
    await userEvent.clear(colour);
    await userEvent.type(colour, 'green');
    await userEvent.type(screen.getByLabelText('Facebook'), 'http://facebook.com/x');
    await userEvent.click(screen.getByRole('button', { name: 'Review and save…' }));
    expect(await screen.findByText('bg_primary_color must be a colour like #0b3d2e')).toBeInTheDocument();
    expect(screen.getByText('fb_link must be empty or an https:// address')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('admin/settings/save')).toHaveLength(0);
  });

  it('sets every 24X7 Support channel the operator has, each contact checked for its channel (issue 47)', async () => {
    signedIn();
    const api = mockApi({
      'globalSetting/getGlobalSetting': settings,
      'admin/settings/save': (c: Call) => ({ ...settings, ...(c.body as object) }),
    });
    renderConsole('/settings');
    const whatsapp = await screen.findByLabelText('WhatsApp number');
    await userEvent.type(whatsapp, '98765 43210');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'help@site.example');
    await userEvent.click(screen.getByRole('button', { name: 'Review and save…' }));
    expect(
      await screen.findByText('support_whatsapp must be a number in international form, e.g. +919876543210'),
    ).toBeInTheDocument();
    expect(api.callsTo('admin/settings/save')).toHaveLength(0);
    await userEvent.clear(whatsapp);
    await userEvent.type(whatsapp, '+919876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Review and save…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save these settings?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('admin/settings/save')).toHaveLength(1));
    expect(api.callsTo('admin/settings/save')[0]!.body).toMatchObject({
      support_whatsapp: '+919876543210',
      support_telegram: '',
      support_phone: '',
      support_email: 'help@site.example',
    });
  });

  it('checks an upload for type and size in the browser, and sends a good one', async () => {
    signedIn();
    const api = mockApi({
      'globalSetting/getGlobalSetting': settings,
      'admin/settings/upload': {
        field: 'logo',
        url: `/api/upload/store/${'a'.repeat(64)}.png`,
        bytes: 4,
        content_type: 'image/png',
      },
    });
    renderConsole('/settings');
    const input = await screen.findByLabelText('Logo');
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect(await screen.findByText(/logo.svg: use a PNG, JPEG, WebP, GIF or ICO image/)).toBeInTheDocument();
    const big = new File([new Uint8Array(300 * 1024)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(
      await screen.findByText(/big.png is 300 KiB; the logo may be at most 256 KiB/),
    ).toBeInTheDocument();
    expect(api.callsTo('admin/settings/upload')).toHaveLength(0);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() => expect(api.callsTo('admin/settings/upload')).toHaveLength(1));
    expect(api.callsTo('admin/settings/upload')[0]!.body).toMatchObject({
      field: 'logo',
      content_type: 'image/png',
      data_base64: 'iVBORw==',
    });
    // The new logo is in the form (and the preview), not saved until Save.
    await waitFor(() => expect(screen.getByText('1 change(s) not saved')).toBeInTheDocument());
  });
});
