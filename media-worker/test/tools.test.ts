import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { FFMPEG, FFPROBE } from '../media/run.ts';

const require = createRequire(import.meta.url);

// Machines without Debian's ffmpeg fall back to the static builds shipped in npm packages.
describe('media tools', () => {
  it('uses Debian ffmpeg and ffprobe when they are installed', () => {
    expect(FFMPEG).to.equal('/usr/bin/ffmpeg');
    expect(FFPROBE).to.equal('/usr/bin/ffprobe');
  });

  it('ships working static ffmpeg and ffprobe builds in npm packages as the fallback', () => {
    for (const pkg of ['@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe']) {
      const binary = (require(pkg) as { path: string }).path;
      const version = execFileSync(binary, ['-version'], { encoding: 'utf8' });
      expect(version, pkg).to.match(/^ff(mpeg|probe) version /);
    }
    // The fallback ffmpeg has the encoders and filters the media jobs use.
    const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    expect(execFileSync(ffmpeg, ['-hide_banner', '-encoders'], { encoding: 'utf8' })).to.match(
      /\baac\b[\s\S]*libmp3lame/,
    );
    expect(execFileSync(ffmpeg, ['-hide_banner', '-filters'], { encoding: 'utf8' })).to.match(/ebur128[\s\S]*loudnorm/);
  });
});
