import { expect } from 'chai';
import { cachedReads, localCacheBus, type CacheBus } from '../cache.ts';

// The process-local cache of small reads (api/cache.ts), with loads the test lets finish.
describe('cachedReads', () => {
  let bus: CacheBus;
  before(() => (bus = localCacheBus({ client: 'sqlite', filename: `cached-reads-test-${process.pid}-${Date.now()}` })));
  after(() => bus.close());

  it('loads a key once for the callers that ask while its load is under way, unless an invalidation came since it began', async () => {
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
});
