import { expect } from 'chai';
import { AppError } from '../errors.ts';
import { BUSY_MESSAGE, BUSY_RETRY_S, RenderGate } from '../http/renderGate.ts';

// The gate on its own, with renders that finish only when the test lets them.
describe('the render gate', () => {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const render = (gate: RenderGate, name: string, signedIn: boolean, fail = false) =>
    gate.run(signedIn, async () => {
      started.push(name);
      await new Promise<void>((resolve) => finish.set(name, resolve));
      if (fail) throw new Error(`${name} failed`);
      return name;
    });
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    started.length = 0;
    finish.clear();
  });

  it('starts renders at once while a slot is free', async () => {
    const gate = new RenderGate({ slots: 2 });
    const renders = [render(gate, 'a', false), render(gate, 'b', true)];
    await settle();
    expect(started).to.deep.equal(['a', 'b']);
    expect(gate.waiting).to.equal(0);
    finish.get('a')!();
    finish.get('b')!();
    expect(await Promise.all(renders)).to.deep.equal(['a', 'b']);
  });

  it('gives a freed slot to signed-in viewers first, then to visitors in arrival order', async () => {
    const gate = new RenderGate({ slots: 1 });
    const renders = [
      render(gate, 'running', false),
      render(gate, 'visitor 1', false),
      render(gate, 'member', true),
      render(gate, 'visitor 2', false),
    ];
    await settle();
    expect(started).to.deep.equal(['running']);
    expect(gate.waiting).to.equal(3);
    for (const name of ['running', 'member', 'visitor 1']) {
      finish.get(name)!();
      await settle();
    }
    expect(started).to.deep.equal(['running', 'member', 'visitor 1', 'visitor 2']);
    finish.get('visitor 2')!();
    await Promise.all(renders);
    expect(gate.waiting).to.equal(0);
  });

  it('takes turns while members and visitors both wait, a member first', async () => {
    const gate = new RenderGate({ slots: 1 });
    const queued: Array<[string, boolean]> = [
      ['visitor 1', false],
      ['visitor 2', false],
      ['member 1', true],
      ['member 2', true],
      ['member 3', true],
      ['visitor 3', false],
    ];
    const renders = [render(gate, 'running', true), ...queued.map(([name, signedIn]) => render(gate, name, signedIn))];
    await settle();
    for (let i = 0; i < queued.length + 1; i++) {
      finish.get(started.at(-1)!)!();
      await settle();
    }
    expect(started).to.deep.equal([
      'running',
      'member 1',
      'visitor 1',
      'member 2',
      'visitor 2',
      'member 3',
      'visitor 3',
    ]);
    await Promise.all(renders);
    expect(gate.waiting).to.equal(0);
  });

  it('frees the slot of a render that failed', async () => {
    const gate = new RenderGate({ slots: 1 });
    const failing = render(gate, 'failing', true, true);
    const next = render(gate, 'next', false);
    await settle();
    finish.get('failing')!();
    expect(await failing.catch((error: Error) => error.message)).to.equal('failing failed');
    await settle();
    expect(started).to.deep.equal(['failing', 'next']);
    finish.get('next')!();
    expect(await next).to.equal('next');
    // Both slots' worth of work done, the slot is free again: a new render starts at once.
    const after = render(gate, 'after', false);
    await settle();
    expect(started.at(-1)).to.equal('after');
    finish.get('after')!();
    await after;
  });

  it(
    'refuses a render at once (503, try again in seconds) when its kind’s queue is ' +
      'full, and leaves the other kind’s open',
    async () => {
      const gate = new RenderGate({ slots: 1, maxWaiting: 2 });
      const renders = [
        render(gate, 'running', false),
        render(gate, 'visitor 1', false),
        render(gate, 'visitor 2', false),
      ];
      await settle();
      const refused = await render(gate, 'visitor 3', false).catch((error: unknown) => error);
      expect(refused).to.be.instanceOf(AppError);
      expect(refused).to.include({ kind: 'unavailable', message: BUSY_MESSAGE, retryAfter: BUSY_RETRY_S });
      const member = render(gate, 'member', true);
      await settle();
      expect(gate.waiting, 'the member waits: their queue has room').to.equal(3);
      for (const name of ['running', 'member', 'visitor 1', 'visitor 2']) {
        finish.get(name)!();
        await settle();
      }
      expect(started).to.deep.equal(['running', 'member', 'visitor 1', 'visitor 2']);
      await Promise.all([...renders, member]);
      // Room again: a visitor waits as before.
      const again = [render(gate, 'a', false), render(gate, 'b', false)];
      await settle();
      expect(gate.waiting).to.equal(1);
      finish.get('a')!();
      await settle();
      finish.get('b')!();
      await Promise.all(again);
    },
  );
});
