import { signal } from '@preact/signals';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { useLayoutEffect } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { useSignalValue } from '../../src/ui/useSignalValue.ts';

afterEach(cleanup);

describe('useSignalValue', () => {
  it('runs without the Preact integration of @preact/signals here, as in the standalone script', async () => {
    // vite.config.ts points the tests at @preact/signals-core: reading a signal in render subscribes nothing.
    const count = signal(1);
    const Reader = () => <p>{count.value}</p>;
    render(<Reader />);
    await act(() => void (count.value = 2));
    expect(screen.getByText('1')).toBeTruthy();
  });

  it('renders the component again whenever the signal changes, and not after it is unmounted', async () => {
    const count = signal(1);
    let renders = 0;
    const Counter = () => {
      renders++;
      return <p>{useSignalValue(count)}</p>;
    };
    const { unmount } = render(<Counter />);
    expect(screen.getByText('1')).toBeTruthy();
    await act(() => void (count.value = 2));
    expect(screen.getByText('2')).toBeTruthy();
    await act(() => void (count.value = 2));
    expect(renders).toBe(2);
    unmount();
    await act(() => void (count.value = 3));
    expect(renders).toBe(2);
  });

  it('sees a change made between the render and its subscription', async () => {
    const count = signal(1);
    const Counter = () => <p>{useSignalValue(count)}</p>;
    // Writer's layout effect runs once both have rendered: it changes the signal Counter showed.
    const Writer = () => {
      useLayoutEffect(() => void (count.value = 5), []);
      return null;
    };
    await act(
      () =>
        void render(
          <div>
            <Writer />
            <Counter />
          </div>,
        ),
    );
    expect(screen.getByText('5')).toBeTruthy();
  });
});
