// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n/catalog.ts';
import { LegalPage } from './index.ts';

afterEach(cleanup);

describe('LegalPage', () => {
  it('reads in English, the link inside its sentence', () => {
    render(<LegalPage page="responsible-gaming" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Responsible Gaming' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Set your limits' });
    expect(link.getAttribute('href')).toBe('#/setting/responsible-gaming');
    expect(link.parentElement?.textContent).toBe(
      'Open bets stand and settle as usual during a break, and your balance stays yours. Set your limits (you will be asked to log in).',
    );
  });

  describe('in Hindi', () => {
    afterEach(() => activateLocale('en'));

    it('shows both pages in Hindi, with the same figures and the same link', async () => {
      await activateLocale('hi');
      const { unmount } = render(<LegalPage page="terms-and-conditions" />);
      expect(screen.getByRole('heading', { level: 1, name: 'नियम और शर्तें' })).toBeTruthy();
      expect(document.body.textContent).toContain('18 वर्ष');
      expect(document.body.textContent).toContain('7 दिनों');
      unmount();

      render(<LegalPage page="responsible-gaming" />);
      expect(screen.getByRole('heading', { level: 1, name: 'ज़िम्मेदार गेमिंग' })).toBeTruthy();
      const link = screen.getByRole('link', { name: 'अपनी सीमाएँ तय करें' });
      expect(link.getAttribute('href')).toBe('#/setting/responsible-gaming');
    });
  });
});
