import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../src/app/providers.tsx';
import { toast } from '../src/lib/toast.ts';

// Issue 48: react-toastify and its container load with the first toast, not with every screen.
const imported = vi.hoisted(() => ({ toastify: false }));
vi.mock('react-toastify', async (importOriginal) => {
  imported.toastify = true;
  return importOriginal();
});

describe('toasts', () => {
  it('load react-toastify and its container with the first toast, which is shown and announced', async () => {
    // StrictMode as in main.tsx: in development it mounts, unmounts and mounts again, and the
    // container it throws away must not take the waiting toast with it.
    render(
      <StrictMode>
        <Providers>
          <button type="button" onClick={() => toast.success('Saved')}>
            Save
          </button>
        </Providers>
      </StrictMode>,
    );
    // Time for a lazily loaded container to ask for its module, were one mounted.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(imported.toastify).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saved');
    expect(imported.toastify).toBe(true);
    expect(document.querySelector('.Toastify__toast--success')).not.toBeNull();
  });
});
