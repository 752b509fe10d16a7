/**
 * Lighthouse (default mobile config: phone emulation, simulated slow 4G and 4× CPU slowdown)
 * on pages of the started shop, in Debian's Chromium. Each page is run `runs` times and the
 * run with the median performance score is kept, as Lighthouse's own docs advise.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function figures(lhr) {
  const a = lhr.audits;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: a['largest-contentful-paint']?.numericValue,
    fcpMs: a['first-contentful-paint']?.numericValue,
    tbtMs: a['total-blocking-time']?.numericValue,
    cls: a['cumulative-layout-shift']?.numericValue,
    speedIndexMs: a['speed-index']?.numericValue,
    lcpElement:
      a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    runtimeError: lhr.runtimeError?.message,
    warnings: lhr.runWarnings ?? [],
  };
}

export async function runLighthouse(pages, { runs = 3 } = {}) {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS, logLevel: 'silent' });
  try {
    const results = [];
    for (const { name, url } of pages) {
      const all = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        all.push(figures(result.lhr));
      }
      all.sort((a, b) => a.score - b.score);
      results.push({
        name,
        url,
        runs,
        scores: all.map((r) => r.score),
        ...all[Math.floor(all.length / 2)],
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
