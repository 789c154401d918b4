import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Navigate, NavLink } from './links.tsx';
import {
  BrowserRouter,
  MemoryRouter,
  StaticRouter,
  useLocation,
  useNavigate,
  usePathChanges,
  useSearchParams,
} from './router.tsx';
import { Outlet, Route, Routes, useParams } from './routes.tsx';

/** Prints where the router is: path, query, fragment and state. */
function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <output>{`${pathname}${search}${hash} ${JSON.stringify(state)}`}</output>;
}

const where = () => screen.getByRole('status').textContent;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('BrowserRouter', () => {
  it('a plain click on a link pushes an entry with its state; Back returns to the page before', async () => {
    window.history.replaceState(null, '', '/start');
    render(
      <BrowserRouter>
        <Link to="/help/account?tab=1#top" state={{ from: 'start' }}>
          Details
        </Link>
        <Where />
      </BrowserRouter>,
    );
    const before = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'Details' }));
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/help/account?tab=1#top',
    );
    expect(window.history.length).toBe(before + 1);
    expect(where()).toBe('/help/account?tab=1#top {"from":"start"}');

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(where()).toBe('/start null');
  });

  it('leaves a click with a modifier key, or one the page prevented, to the browser', () => {
    render(
      <BrowserRouter>
        <Link to="/elsewhere">Open</Link>
        <Link to="/prevented" onClick={(event) => event.preventDefault()}>
          Prevented
        </Link>
        <Where />
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: 'Open' });
    expect(link.getAttribute('href')).toBe('/elsewhere');
    // The browser would open a new tab (jsdom cannot): stopped after the app has seen the click.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Prevented' }));
    expect(where()).toBe('/ null');
  });

  it('navigate replaces when asked, and a link to the page you are on replaces too', () => {
    function Buttons() {
      const navigate = useNavigate();
      return (
        <button
          type="button"
          onClick={() => navigate('/done', { replace: true, state: { modalMessage: 'Saved' } })}
        >
          Save
        </button>
      );
    }
    render(
      <BrowserRouter>
        <Buttons />
        <Link to="/done">Again</Link>
        <Where />
      </BrowserRouter>,
    );
    const before = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('link', { name: 'Again' }));
    expect(window.history.length).toBe(before);
    expect(where()).toBe('/done null');
  });

  it('renders a link to another site as a plain link', () => {
    render(
      <BrowserRouter>
        <Link to="https://example.com/faq">FAQ</Link>
      </BrowserRouter>,
    );
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('https://example.com/faq');
  });
});

describe('NavLink', () => {
  it('is the current page on its path and below it, or only on its own path with end', () => {
    render(
      <MemoryRouter initialEntries={['/help/account/more']}>
        <NavLink to="/" end className="nav">
          Home
        </NavLink>
        <NavLink to="/help/account" className="nav">
          Details
        </NavLink>
        <NavLink to="/help/account" end>
          Exactly
        </NavLink>
        <NavLink to="/help/acc">Prefix</NavLink>
      </MemoryRouter>,
    );
    const current = (name: string) => screen.getByRole('link', { name }).getAttribute('aria-current');
    expect(current('Home')).toBeNull();
    expect(current('Details')).toBe('page');
    expect(screen.getByRole('link', { name: 'Details' }).className).toBe('nav active');
    expect(current('Exactly')).toBeNull();
    expect(current('Prefix')).toBeNull();
  });
});

describe('Routes', () => {
  function Member() {
    return <p>member {useParams().loyaltyId}</p>;
  }
  function HelpFrame() {
    return (
      <section aria-label="help">
        <Outlet />
      </section>
    );
  }
  const table = (
    <Routes>
      <Route path="/" element={<p>home</p>} />
      <Route path="/old" element={<Navigate to="/help" replace />} />
      <Route path="/staff/members/:loyaltyId" element={<Member />} />
      <Route path="/help" element={<HelpFrame />}>
        <Route index element={<p>help index</p>} />
        <Route path="account" element={<p>account</p>} />
      </Route>
      <Route path="*" element={<p>not found</p>} />
    </Routes>
  );

  it('shows the matched route with its parameters, nested inside its parent', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/staff/members/6300%20001']}>{table}</MemoryRouter>,
    );
    expect(screen.getByText('member 6300 001')).toBeTruthy();
    unmount();
    render(<MemoryRouter initialEntries={['/help/account']}>{table}</MemoryRouter>);
    expect(screen.getByRole('region', { name: 'help' }).textContent).toBe('account');
  });

  it('Navigate sends the visitor on once rendered', async () => {
    render(
      <MemoryRouter initialEntries={['/old']}>
        {table}
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByText('help index')).toBeTruthy();
    expect(where()).toBe('/help null');
  });

  it('renders on the server from a URL, query and all, without navigating', () => {
    function Query() {
      const [params] = useSearchParams();
      return <p>{`next=${params.get('next')}`}</p>;
    }
    const html = renderToString(
      <StaticRouter location="/help?next=%2Fhelp%2Fhistory#part">
        {table}
        <Query />
        <Where />
      </StaticRouter>,
    );
    expect(html).toContain('help index');
    expect(html).toContain('next=/help/history');
    expect(html).toContain('/help?next=%2Fhelp%2Fhistory#part null');
  });
});

describe('useSearchParams', () => {
  it('sets a new query on the same path', () => {
    function Search() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ q: 'sam smith' }, { replace: true })}>
          q={params.get('q') ?? ''}
        </button>
      );
    }
    window.history.replaceState(null, '', '/staff?q=old#x');
    render(
      <BrowserRouter>
        <Search />
        <Where />
      </BrowserRouter>,
    );
    expect(screen.getByRole('button').textContent).toBe('q=old');
    fireEvent.click(screen.getByRole('button'));
    expect(where()).toBe('/staff?q=sam+smith null');
    expect(screen.getByRole('button').textContent).toBe('q=sam smith');
  });
});

describe('BrowserRouter path changes', () => {
  it('counts path changes: a query change is none, there and back is two, even before a render', async () => {
    window.history.replaceState(null, '', '/help/account');
    let go: ReturnType<typeof useNavigate> = () => {};
    function Count() {
      go = useNavigate();
      return <output>{`${useLocation().pathname} ${usePathChanges()}`}</output>;
    }
    render(
      <BrowserRouter>
        <Count />
      </BrowserRouter>,
    );
    expect(where()).toBe('/help/account 0');
    act(() => go('/help/account?tab=2'));
    expect(where()).toBe('/help/account 0');
    // Away and back in one go, as Back pressed before the next screen had shown.
    act(() => {
      go('/help/privacy');
      go('/help/account');
    });
    expect(where()).toBe('/help/account 2');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(where()).toBe('/help/privacy 3');
  });
});
