import { replayEarlyInput, takeEarlyInput, whenLive } from './earlyInput';

describe('early input', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete window.__atmEarlyInput;
    delete document.documentElement.dataset.directoryHydrated;
  });

  it('takes nothing on a page whose preamble kept nothing (the admin)', () => {
    expect(takeEarlyInput()).toEqual([]);
  });

  it('replays presses and choices in order, on the elements still in the page', () => {
    document.body.innerHTML =
      '<button id="a">A</button><select id="s"><option>x</option><option>y</option></select><button id="gone">G</button>';
    const seen: string[] = [];
    const a = document.getElementById('a')!;
    const select = document.getElementById('s') as HTMLSelectElement;
    const gone = document.getElementById('gone')!;
    a.addEventListener('click', () => seen.push('click a'));
    gone.addEventListener('click', () => seen.push('click gone'));
    document.body.addEventListener('change', (event) =>
      seen.push(`change ${(event.target as HTMLSelectElement).value}`),
    );
    gone.remove();
    // Hydration put the server's choice back before the replay.
    select.value = 'x';
    replayEarlyInput([{ select, value: 'y' }, { click: a }, { click: gone }]);
    expect(seen).toEqual(['change y', 'click a']);
    expect(select.value).toBe('y');
  });

  it('replays a ticked checkbox as the click React hears, whatever state hydration left it in', () => {
    document.body.innerHTML = '<input type="checkbox" id="open" />';
    const checkbox = document.getElementById('open') as HTMLInputElement;
    const heard: boolean[] = [];
    checkbox.addEventListener('click', () => heard.push(checkbox.checked));
    for (const left of [false, true]) {
      checkbox.checked = left;
      replayEarlyInput([{ checkbox, checked: true }]);
      expect(checkbox.checked).toBe(true);
    }
    replayEarlyInput([{ checkbox, checked: false }]);
    expect(checkbox.checked).toBe(false);
    expect(heard).toEqual([true, true, false]);
  });

  it('waits for the page to be live', async () => {
    const then = jest.fn();
    const live = () => document.documentElement.dataset.directoryHydrated === 'true';
    whenLive(live, then);
    expect(then).not.toHaveBeenCalled();
    document.documentElement.dataset.directoryHydrated = 'true';
    await Promise.resolve(); // mutation observers run as microtasks
    expect(then).toHaveBeenCalledTimes(1);
    whenLive(live, then);
    expect(then).toHaveBeenCalledTimes(2);
  });
});
