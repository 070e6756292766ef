import type { ConformanceReport } from './model';

/** How every report names the verdict, so the console, Markdown, HTML and badge agree. */
export function verdictWords(report: Pick<ConformanceReport, 'verdict' | 'complete'>): { title: string; icon: string; css: string } {
  if (!report.complete) return { title: 'INCOMPLETE', icon: '⚠️', css: 'fails' };
  switch (report.verdict) {
    case 'conforms': return { title: 'CONFORMS', icon: '✅', css: 'conforms' };
    case 'partial': return { title: 'PARTIAL', icon: '🟡', css: 'partial' };
    default: return { title: 'FAILS', icon: '❌', css: 'fails' };
  }
}
