/**
 * Taps on a server-rendered page before the app takes it over are kept and carried out once it
 * has (kept-taps.ts), with React's real hydration: the markup comes from React's server
 * renderer, the shopper taps it, then React takes it over.
 */
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { KEPT, keepTaps } from '../kept-taps';

// React's act() here, as Testing Library's render would set it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the page did, in order, once the app had it. */
let heard: string[] = [];

function Page() {
  const [size, setSize] = useState<string>();
  const [fit, setFit] = useState<string[]>([]);
  const [name, setName] = useState('');
  return (
    <main>
      <div role="radiogroup" aria-label="Size">
        {['S', 'M', 'L'].map((s) => (
          <label key={s}>
            <input
              type="radio"
              name="size"
              value={s}
              checked={size === s}
              onChange={() => {
                heard.push(`size ${s}`);
                setSize(s);
              }}
            />
            {s}
          </label>
        ))}
      </div>
      <label>
        <input
          type="checkbox"
          checked={fit.includes('slim')}
          onChange={(e) => {
            heard.push(`slim ${e.target.checked}`);
            setFit(e.target.checked ? ['slim'] : []);
          }}
        />
        Slim
      </label>
      <label>
        Name
        <input
          value={name}
          onChange={(e) => {
            heard.push(`name ${e.target.value}`);
            setName(e.target.value);
          }}
        />
      </label>
      <button type="button" onClick={() => heard.push(`add ${size ?? 'no size'}`)}>
        ADD TO CART
      </button>
      <form action="/Search" onSubmit={(e) => e.preventDefault()}>
        <button type="submit">Search</button>
      </form>
      <p>Chosen: {size ?? 'none'}</p>
    </main>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  heard = [];
  document.body.innerHTML = '';
});

/**
 * The page as the server sends it, with the take-over script's keeping started; `before` taps
 * it before the script runs (a browser that paints first).
 */
function serverPage(before?: (container: HTMLElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  before?.(container);
  return { container, carryOut: keepTaps(container) };
}

async function takeOver(container: HTMLElement, carryOut: () => Promise<void>) {
  await act(async () => {
    root = hydrateRoot(container, <Page />);
  });
  await act(carryOut);
}

it('a size and ADD TO CART tapped before the take-over: the size shows chosen at once, the button busy, and both happen after, in order', async () => {
  const user = userEvent.setup();
  const { container, carryOut } = serverPage();

  await user.click(screen.getByText('M'));
  await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
  // Plain HTML: the radio is chosen (the shop's CSS styles :checked); the button says it waits.
  expect(screen.getByRole('radio', { name: 'M' })).toBeChecked();
  const add = screen.getByRole('button', { name: 'ADD TO CART' });
  expect(add).toHaveAttribute('aria-busy', 'true');
  expect(add).toHaveAttribute(KEPT);
  // A second press on a busy button is the same tap.
  await user.click(add);
  expect(heard).toEqual([]);

  await takeOver(container, carryOut);

  expect(heard).toEqual(['size M', 'add M']);
  expect(screen.getByText('Chosen: M')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'M' })).toBeChecked();
  expect(add).not.toHaveAttribute('aria-busy');
  expect(add).not.toHaveAttribute(KEPT);
});

it('the latest choice of a group counts, checkboxes and typed text are told too, and taps after the take-over are the app’s', async () => {
  const user = userEvent.setup();
  const { container, carryOut } = serverPage();

  await user.click(screen.getByText('S'));
  await user.click(screen.getByText('L'));
  await user.click(screen.getByText('Slim'));
  // Typed as a browser does (user-event would take the field's value property over first,
  // which no browser does and which hides it from React).
  fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Asha' } });

  await takeOver(container, carryOut);

  expect(heard).toEqual(['size S', 'size L', 'slim true', 'name Asha']);
  expect(screen.getByText('Chosen: L')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Slim' })).toBeChecked();
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Asha');

  // Now the app answers at once.
  heard = [];
  await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
  expect(heard).toEqual(['add L']);
});

it('a choice made before the take-over script ran is told to the app too', async () => {
  const { container, carryOut } = serverPage((page) => {
    page.querySelector<HTMLInputElement>('input[value="L"]')!.checked = true;
  });
  await takeOver(container, carryOut);
  expect(heard).toEqual(['size L']);
  expect(screen.getByText('Chosen: L')).toBeInTheDocument();
});

it('a form that names its action is left to the browser: its page answers', async () => {
  const user = userEvent.setup();
  serverPage();
  const sent: string[] = [];
  document.addEventListener('submit', (e) => {
    sent.push((e.target as HTMLFormElement).getAttribute('action')!);
    e.preventDefault(); // jsdom cannot navigate
  });
  const search = screen.getByRole('button', { name: 'Search' });
  await user.click(search);
  expect(sent).toEqual(['/Search']);
  expect(search).not.toHaveAttribute('aria-busy');
});
