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
  const lcp = a['largest-contentful-paint-element']?.details?.items;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: a['largest-contentful-paint']?.numericValue,
    fcpMs: a['first-contentful-paint']?.numericValue,
    tbtMs: a['total-blocking-time']?.numericValue,
    cls: a['cumulative-layout-shift']?.numericValue,
    speedIndexMs: a['speed-index']?.numericValue,
    lcpElement: lcp?.[0]?.items?.[0]?.node?.snippet,
    // Where the LCP time went: TTFB, load delay (discovered late), load time, render delay.
    lcpPhases: Object.fromEntries(
      (lcp?.[1]?.items ?? []).map((p) => [p.phase, Math.round(p.timing)]),
    ),
    layoutShifts: (a['layout-shifts']?.details?.items ?? []).map((i) => ({
      element: i.node?.snippet,
      score: i.score,
    })),
    opportunities: Object.values(a)
      .filter(
        (x) => x.details?.type === 'opportunity' && (x.numericValue ?? 0) > 0 && x.score !== 1,
      )
      .map((x) => `${x.id}: ${x.displayValue ?? ''}`.trim()),
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
      const runErrors = [];
      // A run whose trace Lighthouse could not record (it says "run Lighthouse again") is run
      // again, up to twice per page; its error is still reported.
      let retries = 2;
      while (all.length < runs) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const run = figures(result.lhr);
        if (run.runtimeError) runErrors.push(run.runtimeError);
        if (run.runtimeError && retries > 0) {
          retries -= 1;
          continue;
        }
        all.push(run);
      }
      all.sort((a, b) => a.score - b.score);
      results.push({
        name,
        url,
        runs,
        scores: all.map((r) => r.score),
        // Every failed run's error, retried or not: a score of 0 is never left unexplained.
        runErrors,
        ...all[Math.floor(all.length / 2)],
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
