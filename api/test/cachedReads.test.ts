import { expect } from 'chai';
import type { CacheBus } from '../cache/bus.ts';
import { cachedReads, declaringReads } from '../cache/cachedReads.ts';
import { localCacheBus } from '../cache/localBus.ts';
import { collectReads, dependsOn } from '../cache/scopes.ts';

// The process-local cache of small reads (api/cache/cachedReads.ts), with loads the test lets finish.
describe('cachedReads', () => {
  let bus: CacheBus;
  before(() => (bus = localCacheBus({ client: 'sqlite', filename: `cached-reads-test-${process.pid}-${Date.now()}` })));
  after(() => bus.close());

  it('loads a key once for callers asking during its load, unless an invalidation came since', async () => {
    const reads = cachedReads<string>(bus);
    const finish: Array<() => void> = [];
    let loads = 0;
    const load = async () => {
      const n = ++loads;
      await new Promise<void>((resolve) => finish.push(resolve));
      return `value ${n}`;
    };
    const together = [reads.get('k', load, ['t']), reads.get('k', load, ['t'])];
    for (const done of finish.splice(0)) done();
    expect(await Promise.all(together), 'a page’s reads started at once').to.deep.equal(['value 1', 'value 1']);
    expect(loads).to.equal(1);

    await bus.invalidate(['t']);
    const before = reads.get('k', load, ['t']);
    // Any invalidation since that load began (its tags are not known until it ends): a load of its own.
    await bus.invalidate(['another']);
    const after = reads.get('k', load, ['t']);
    for (const done of finish.splice(0)) done();
    expect(await Promise.all([before, after])).to.deep.equal(['value 2', 'value 3']);
    expect(await reads.get('k', load, ['t']), 'kept').to.equal('value 3');
    expect(loads).to.equal(3);
  });

  it('declaringReads: a kept value declares its read’s tags wherever it is served, until they change', async () => {
    const reads = declaringReads(bus);
    let loads = 0;
    const load = async () => {
      dependsOn(['artist:1']);
      return ++loads;
    };
    const first = await collectReads(async () => expect(await reads('featured', load, ['extra'])).to.equal(1));
    const kept = await collectReads(async () => expect(await reads('featured', load, ['extra'])).to.equal(1));
    expect([...first].sort()).to.deep.equal(['artist:1', 'extra']);
    expect([...kept].sort(), 'served from the node, as if read').to.deep.equal(['artist:1', 'extra']);
    await bus.invalidate(['artist:2']);
    expect(await reads('featured', load), 'another tag').to.equal(1);
    await bus.invalidate(['artist:1']);
    expect(await reads('featured', load), 'its tag').to.equal(2);
  });
});
